import { afterEach, describe, expect, it } from 'vitest'
import { createDOMRenderer, rehydrateRendererCache } from '@griffel/core'
import { rehydrateStylesInSlices } from './rehydrate-styles'

// Style elements as a prerendered document holds them (Griffel's buckets, its rule strings).
const BUCKETS: [bucket: string, css: string, media?: string][] = [
  ['r', '.r1f29ykk{display:inline-flex;}.r1f29ykk:focus{outline-style:none;}'],
  ['d', '.fe3e8s9{color:red;}.f1s184ao{margin-top:0;}.fjksvth{padding:4px;}'],
  ['h', '.faf35ka:hover{color:blue;}'],
  ['m', '@media (max-width: 768px){.f1abcde{display:none;}}', '(max-width: 768px)'],
]

function addPrerenderedStyles() {
  for (const [bucket, css, media] of BUCKETS) {
    const element = document.createElement('style')
    element.dataset.makeStylesBucket = bucket
    element.dataset.priority = '0'
    if (media) element.media = media
    element.textContent = css
    document.head.append(element)
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.head.replaceChildren()
})

describe('rehydrateStylesInSlices', () => {
  it("knows every rule of the document's style elements, as Griffel's own rehydration does", async () => {
    addPrerenderedStyles()
    const expected = createDOMRenderer(document)
    rehydrateRendererCache(expected, document)
    const sliced = createDOMRenderer(document)

    await rehydrateStylesInSlices(sliced, document)

    expect(Object.keys(sliced.insertionCache)).toHaveLength(7)
    expect(sliced.insertionCache).toEqual(expected.insertionCache)
    expect(Object.keys(sliced.stylesheets)).toEqual(Object.keys(expected.stylesheets))
  })

  it('reads one style element a task, none in the caller’s own', async () => {
    addPrerenderedStyles()
    const renderer = createDOMRenderer(document)

    const done = rehydrateStylesInSlices(renderer, document)
    expect(renderer.insertionCache).toEqual({})
    await nextTask()
    expect(renderer.insertionCache).toEqual({ '.r1f29ykk{display:inline-flex;}': 'r', '.r1f29ykk:focus{outline-style:none;}': 'r' })
    await done
    expect(Object.keys(renderer.insertionCache)).toHaveLength(7)
  })

  it('leaves the rules it read out of a later insertion, so none is written twice', async () => {
    addPrerenderedStyles()
    const renderer = createDOMRenderer(document)
    await rehydrateStylesInSlices(renderer, document)
    const rulesBefore = [...document.querySelectorAll('style')].reduce((sum, element) => sum + element.sheet!.cssRules.length, 0)

    renderer.insertCSSRules({ d: ['.fe3e8s9{color:red;}', '.fnew123{color:green;}'] })

    const rulesAfter = [...document.querySelectorAll('style')].reduce((sum, element) => sum + element.sheet!.cssRules.length, 0)
    expect(rulesAfter).toBe(rulesBefore + 1)
  })
})
