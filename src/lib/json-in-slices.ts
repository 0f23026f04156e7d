// A big value's JSON text, and that text as a Blob, made a slice at a time with the browser free
// between slices. Made in one go, the offline copy of a 5,000-job list (4.6 million characters) held
// the main thread for one task of 296 ms on this project's bench machine, and again at every change of
// the list: JSON.stringify, then IndexedDB copying the string inside `put`. Made in slices, each slice
// takes a few milliseconds; what is left is the one task that joins the text's pieces into one string,
// which its caller's interface asks for (docs/research/my-jobs-tablet.md §14).
import { inSlices, yieldToBrowser } from './main-thread-slices'

/**
 * Stands in the first pass's text for the i-th long array. It starts with a control character, which
 * JSON.stringify always writes escaped: a string of the data can hold it only by holding a NUL.
 */
const PLACEHOLDER = '\u0000slices\u0000'
/** The placeholder as it appears in the text (escaped and quoted), capturing its number. */
const PLACEHOLDER_IN_TEXT = /"\\u0000slices\\u0000(\d+)"/u

/**
 * `value`'s JSON text, character for character what `JSON.stringify(value)` gives, with every array
 * longer than `itemsPerSlice` written that many items a task. A value with no such array is written at
 * once, with no wait.
 */
export async function jsonInSlices(value: object, itemsPerSlice: number): Promise<string> {
  const longArrays: unknown[][] = []
  const outline = JSON.stringify(value, (_key, item: unknown) => {
    if (!Array.isArray(item) || item.length <= itemsPerSlice) return item
    longArrays.push(item)
    return `${PLACEHOLDER}${longArrays.length - 1}`
  })
  // split with a capturing pattern: the text between placeholders at even places, their numbers at odd ones.
  const parts = outline.split(PLACEHOLDER_IN_TEXT)
  // Every placeholder in order and nothing else like one; else a string of the data looked like one.
  const placeholdersFound = parts.length === 2 * longArrays.length + 1 && parts.every((part, at) => at % 2 === 0 || part === String((at - 1) / 2))
  if (!placeholdersFound) return JSON.stringify(value)

  const text: string[] = []
  for (const [at, part] of parts.entries()) {
    if (at % 2 === 0) {
      text.push(part)
      continue
    }
    // Each long array from a task of its own (inSlices yields only between its slices).
    if (at > 1) await yieldToBrowser()
    let first = true
    text.push('[')
    await inSlices(longArrays[(at - 1) / 2]!, itemsPerSlice, (slice) => {
      // The slice's own brackets dropped: its items join the others'.
      text.push(first ? '' : ',', JSON.stringify(slice).slice(1, -1))
      first = false
    })
    text.push(']')
  }
  return text.join('')
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

/**
 * `text` as a Blob of `type`, encoded `charsPerSlice` characters a task (a Blob made of one big string
 * encodes it as UTF-8 in one go: 87 ms for the 4.6-million-character copy in Chromium, unthrottled).
 * The first piece too waits for a task of its own: the text has usually just been made in this one
 * (joining jsonInSlices' pieces into the copy's text took 17-47 ms in two probes, the first piece 9-20).
 */
export async function blobInSlices(text: string, charsPerSlice: number, type: string): Promise<Blob> {
  const pieces: Blob[] = []
  for (let start = 0; start < text.length; ) {
    await yieldToBrowser()
    let end = Math.min(start + charsPerSlice, text.length)
    // Never between the halves of a surrogate pair: each piece is encoded alone, and a lone half becomes U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++
    pieces.push(new Blob([text.slice(start, end)]))
    start = end
  }
  return new Blob(pieces, { type })
}
