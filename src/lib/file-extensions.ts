// Chosen files checked against an allowed-types list before they are sent (portal-spec.md §5 "Upload
// extension filters"), and file names shortened for lists (§2 Create Job, §9: "file name in wizard cut
// at 15 characters"). The server checks the types again with the same extensionOf.
export { extensionOf } from '@contract/file-names.ts'
import { extensionOf } from '@contract/file-names.ts'

/** Splits files into those whose extension is allowed and the rest, each in the order given. */
export function splitByExtension(files: readonly File[], allowed: readonly string[]): { accepted: File[]; refused: File[] } {
  const allowedSet = new Set(allowed.map((extension) => extension.toLowerCase()))
  const accepted: File[] = []
  const refused: File[] = []
  for (const file of files) (allowedSet.has(extensionOf(file.name)) ? accepted : refused).push(file)
  return { accepted, refused }
}

/** The file picker's accept attribute, e.g. ".mp3,.wav". */
export function acceptAttribute(allowed: readonly string[]): string {
  return allowed.map((extension) => `.${extension}`).join(',')
}

const ELLIPSIS = '…'

/**
 * The name cut to at most `max` characters, its extension kept: the start of the name, an ellipsis,
 * then ".ext" ("inspection-kitchen.mp3" → "inspection….mp3"). A name that fits is unchanged; a name
 * without an extension, or whose extension leaves no room for a start, is cut at the end
 * ("recording-from-tuesday" → "recording-from…"). Characters, not UTF-16 units, are counted, so an
 * emoji is never split. Show the full name beside it (a tooltip, an accessible name).
 */
export function shortFileName(name: string, max = 15): string {
  const characters = Array.from(name)
  if (characters.length <= max) return name
  // The extension as written ("MP3" stays "MP3"); it is ASCII, so its characters are its length.
  const extension = extensionOf(name) && name.slice(-extensionOf(name).length)
  const tail = extension ? `${ELLIPSIS}.${extension}` : ELLIPSIS
  const room = max - tail.length
  // At least one character of the name before the ellipsis, or the extension is not worth keeping.
  if (extension && room >= 1) return characters.slice(0, room).join('') + tail
  return characters.slice(0, max - 1).join('') + ELLIPSIS
}
