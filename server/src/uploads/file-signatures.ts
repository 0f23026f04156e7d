// Does a file's content match its extension? Checked from its first bytes, so a renamed executable or
// a wrong file cannot pass as a document or a recording. Text formats must decode as UTF-8 without NUL
// bytes. Audio signatures are each format's own start (RIFF/WAVE, ID3 or an MPEG frame, ADTS, fLaC,
// OggS, EBML, ftyp, #!AMR, the ASF header's GUID); measuring the duration then reads the frames.
const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b)
const text = (value: string) => [...value].map((c) => c.charCodeAt(0))

const ZIP = [0x50, 0x4b, 0x03, 0x04] // docx, xlsx, odt: zip containers
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // doc, xls: OLE compound files
const PDF = text('%PDF-')
const RTF = text('{\\rtf')
const FTYP = text('ftyp') // ISO media (MP4, M4A, 3GP, HEIC): the first box, at byte 4
const ID3 = text('ID3') // a tag ahead of MP3 (and of some AAC and FLAC) audio
const OGG = text('OggS') // Ogg pages: Vorbis, Opus, FLAC in Ogg
const EBML = [0x1a, 0x45, 0xdf, 0xa3] // Matroska and WebM
const ASF = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c] // WMA's header object

/** An MPEG audio frame header (MP1/2/3): 11 sync bits, then a version and a layer that are not "reserved". */
function isMpegAudioFrame(head: Buffer): boolean {
  const [first, second] = [head[0] ?? 0, head[1] ?? 0]
  return first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) !== 0x00
}

/** An AAC ADTS frame header: 12 sync bits and layer 00. */
const isAdtsFrame = (head: Buffer) => head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0

const isWave = (head: Buffer) => (startsWith(head, text('RIFF')) || startsWith(head, text('RF64'))) && startsWith(head, text('WAVE'), 8)

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
  heic: (h) => startsWith(h, FTYP, 4),
  mp3: (h) => startsWith(h, ID3) || isMpegAudioFrame(h),
  wav: isWave,
  m4a: (h) => startsWith(h, FTYP, 4),
  '3gp': (h) => startsWith(h, FTYP, 4),
  aac: (h) => isAdtsFrame(h) || startsWith(h, text('ADIF')) || startsWith(h, ID3),
  flac: (h) => startsWith(h, text('fLaC')) || startsWith(h, ID3),
  ogg: (h) => startsWith(h, OGG),
  oga: (h) => startsWith(h, OGG),
  opus: (h) => startsWith(h, OGG),
  webm: (h) => startsWith(h, EBML),
  amr: (h) => startsWith(h, text('#!AMR')),
  wma: (h) => startsWith(h, ASF),
}))

/** True when the first bytes look like a file of that extension; false for unknown extensions. */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const check = CHECKS.get(extension)
  return check ? head.length > 0 && check(head) : false
}
