// Griffel's style cache taken over from a prerendered document's style elements before React hydrates
// it, one style element a task. Griffel must know every rule the document already holds, or it inserts
// them again; it learns them by parsing the elements' CSS (stylis, byte-exact). Its RendererProvider
// does that in one go inside the hydration's first render: on My Jobs' document (about 1,000 rules)
// that was a 50 ms task on a quiet machine, 200 ms at Lighthouse's 4x CPU, and 25-35 ms on the
// sign-in page's (docs/research/my-jobs-tablet.md). Element by element, with the browser free between
// them, no task holds more than one bucket's rules. The provider is then handed a document with no
// style elements to read (NO_STYLE_ELEMENTS), so the work is not done twice.
import { rehydrateRendererCache, type GriffelRenderer } from '@griffel/core'

const STYLE_ELEMENTS = 'style[data-make-styles-bucket]'

/** What Griffel's rehydration reads of a document: its style elements, here only `elements`. */
const documentHolding = (elements: Element[]) => ({ querySelectorAll: () => elements }) as unknown as Document

/** A document for Griffel's RendererProvider whose style elements have already been read. */
export const NO_STYLE_ELEMENTS = documentHolding([])

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Reads `document`'s Griffel style elements into `renderer`'s cache, one element a task, in document order. */
export async function rehydrateStylesInSlices(renderer: GriffelRenderer, document: Document): Promise<void> {
  for (const element of document.querySelectorAll(STYLE_ELEMENTS)) {
    // Each in a task of its own, the first too: the entry's own task is long enough.
    await nextTask()
    // Griffel's own rehydration, given a document holding only this element.
    rehydrateRendererCache(renderer, documentHolding([element]))
  }
}
