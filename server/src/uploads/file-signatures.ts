// Does a file's content match its extension? Checked from its first bytes, so a renamed executable or
// a wrong file cannot pass as a document. Text formats must decode as UTF-8 without NUL bytes.
const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b)

const ZIP = [0x50, 0x4b, 0x03, 0x04] // docx, xlsx, odt: zip containers
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // doc, xls: OLE compound files
const PDF = [...'%PDF-'].map((c) => c.charCodeAt(0))
const RTF = [...'{\\rtf'].map((c) => c.charCodeAt(0))

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false
  try {
    // stream: true tolerates a character cut at the end of the sampled bytes.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return true
  } catch {
    return false
  }
}

// A Map, not a plain object: the extension comes from the uploaded file's name, and a name such as
// `x.constructor` must not find an inherited property.
const CHECKS = new Map(Object.entries<(head: Buffer) => boolean>({
  pdf: (h) => startsWith(h, PDF),
  doc: (h) => startsWith(h, OLE),
  xls: (h) => startsWith(h, OLE),
  docx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  odt: (h) => startsWith(h, ZIP),
  rtf: (h) => startsWith(h, RTF),
  txt: isText,
  csv: isText,
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  heic: (h) => startsWith(h, [...'ftyp'].map((c) => c.charCodeAt(0)), 4),
}))

/** True when the first bytes look like a file of that extension; false for unknown extensions. */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const check = CHECKS.get(extension)
  return check ? head.length > 0 && check(head) : false
}
