// Reads the text of a PDF the way the server's pdfkit writes it, for tests (server and e2e): each page's
// content stream (FlateDecode, inflated with node:zlib), and in it the strings shown between BT and ET,
// which pdfkit writes as hex strings of WinAnsi (Windows-1252) codes in TJ arrays, split where it kerns:
// `[<52656368> 30 <61726765> 0] TJ`. It is not a general PDF reader: no object streams, no xref
// streams, no embedded fonts' own codes. Plain node modules only, so Playwright can use it too.
import { inflateSync } from 'node:zlib'

/** Windows-1252's 0x80–0x9f (the rest of WinAnsi below 0x100 is Latin-1); "\0" where it has none. */
const WIN_ANSI_80_9F = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ'

/** The text runs (one per BT…ET block: pdfkit draws a line of text, a table cell's line, in each) of every page, in page order. */
export function pdfPages(pdf: Buffer): string[][] {
  const objects = readObjects(pdf)
  const pagesRoot = [...objects.values()].find((object) => /\/Type\s*\/Pages\b/.test(object.dict))
  if (!pagesRoot) throw new Error('no /Pages object: not a PDF this reader understands')
  return refs(pagesRoot.dict, 'Kids').map((pageId) => {
    const page = objects.get(pageId)
    if (!page) throw new Error(`page object ${pageId} is missing`)
    return refs(page.dict, 'Contents').flatMap((contentId) => textRuns(contentOf(objects.get(contentId), contentId)))
  })
}

/** All the text of the PDF, a run per line, pages one after another. */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf)
    .map((page) => page.join('\n'))
    .join('\n')
}

interface PdfObject {
  dict: string
  stream?: Buffer
}

/** Every `N 0 obj`: its dictionary and, when it has one, its stream's bytes (by its /Length, so binary data cannot be misread). */
function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const objects = new Map<number, PdfObject>()
  const start = /(\d+) 0 obj\s*/g
  let match: RegExpExecArray | null
  while ((match = start.exec(text))) {
    const id = Number(match[1])
    const end = text.indexOf('endobj', start.lastIndex)
    const streamAt = /\bstream\r?\n/.exec(text.slice(start.lastIndex, end))
    if (!streamAt) {
      objects.set(id, { dict: text.slice(start.lastIndex, end) })
      start.lastIndex = end
      continue
    }
    const dict = text.slice(start.lastIndex, start.lastIndex + streamAt.index)
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)
    if (!length) throw new Error(`object ${id}: a stream without a direct /Length`)
    const from = start.lastIndex + streamAt.index + streamAt[0].length
    objects.set(id, { dict, stream: pdf.subarray(from, from + Number(length[1])) })
    start.lastIndex = text.indexOf('endobj', from + Number(length[1]))
  }
  return objects
}

/** The object numbers a key refers to: `/Kids [7 0 R 10 0 R]` or `/Contents 5 0 R`. */
function refs(dict: string, key: string): number[] {
  const value = new RegExp(`/${key}\\s*(\\[[^\\]]*\\]|\\d+\\s+\\d+\\s+R)`).exec(dict)
  if (!value) throw new Error(`no /${key} in ${dict.slice(0, 80)}`)
  return [...value[1]!.matchAll(/(\d+)\s+\d+\s+R/g)].map((ref) => Number(ref[1]))
}

function contentOf(object: PdfObject | undefined, id: number): string {
  if (!object?.stream) throw new Error(`content object ${id} has no stream`)
  const bytes = /\/Filter\s*\/FlateDecode/.test(object.dict) ? inflateSync(object.stream) : object.stream
  return bytes.toString('latin1')
}

/** The strings shown in each BT…ET block, concatenated (a kerned word's pieces join up again). */
function textRuns(content: string): string[] {
  const runs: string[] = []
  for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
    const shown = [...block[1]!.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[^\]])*)\]\s*TJ|(<[0-9a-fA-F\s]*>)\s*Tj/g)]
      .map((show) => [...(show[1] ?? show[2]!).matchAll(/<([0-9a-fA-F\s]*)>/g)].map((hex) => winAnsi(hex[1]!)).join(''))
      .join('')
    if (shown) runs.push(shown)
  }
  return runs
}

function winAnsi(hex: string): string {
  const digits = hex.replace(/\s/g, '')
  let text = ''
  for (let at = 0; at < digits.length; at += 2) {
    const code = parseInt(digits.slice(at, at + 2).padEnd(2, '0'), 16)
    text += code >= 0x80 && code <= 0x9f ? WIN_ANSI_80_9F[code - 0x80] : String.fromCharCode(code)
  }
  return text
}
