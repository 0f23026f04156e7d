// Small real audio files of every type the seed allows, written byte by byte here (no binaries in the
// repository, no encoder on the machine): each is what its format's specification puts at the start of
// a file, followed by a little silence, and music-metadata reads each as its format.
import { toneWav } from '../../src/audio/wav.ts'

const ascii = (text: string) => Buffer.from(text, 'latin1')
const u32be = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}
const u32le = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n)
  return b
}

/** MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz, mono: 417 bytes each, silent. */
function mp3Frames(count: number): Buffer {
  const frame = Buffer.alloc(417)
  Buffer.from([0xff, 0xfb, 0x90, 0xc4]).copy(frame)
  return Buffer.concat(Array.from({ length: count }, () => frame))
}

/** An ID3v2.3 tag with one title frame, as most MP3 files begin. */
function id3Tag(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0]), ascii(title)])
  const frame = Buffer.concat([ascii('TIT2'), u32be(text.length), Buffer.from([0, 0]), text])
  const size = frame.length // under 128: one synchsafe byte
  return Buffer.concat([ascii('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, size]), frame])
}

/** AAC-LC ADTS frames, 44.1 kHz, mono, no CRC. */
function adtsFrames(count: number): Buffer {
  const length = 7 + 16
  const header = Buffer.from([0xff, 0xf1, 0x50, 0x40 | (length >> 11), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc])
  const frame = Buffer.concat([header, Buffer.alloc(16)])
  return Buffer.concat(Array.from({ length: count }, () => frame))
}

/** FLAC: the marker and a STREAMINFO block (44.1 kHz, mono, 16 bit, 44,100 samples: one second). */
function flac(): Buffer {
  const info = Buffer.alloc(34)
  info.writeUInt16BE(4096, 0)
  info.writeUInt16BE(4096, 2)
  // 20 bits rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
  const rate = 44100
  info[10] = rate >> 12
  info[11] = (rate >> 4) & 0xff
  info[12] = ((rate & 0xf) << 4) | (0 << 1) | (15 >> 4)
  info[13] = ((15 & 0xf) << 4) | 0
  info.writeUInt32BE(44100, 14)
  return Buffer.concat([ascii('fLaC'), Buffer.from([0x80, 0, 0, 34]), info])
}

/** An Ogg page (the first of a stream) carrying an OpusHead packet. */
function oggOpus(): Buffer {
  const head = Buffer.concat([ascii('OpusHead'), Buffer.from([1, 1]), Buffer.from([0x38, 0x01]), u32le(48000), Buffer.from([0, 0, 0])])
  const page = Buffer.concat([ascii('OggS'), Buffer.from([0, 2]), Buffer.alloc(8), u32le(1), u32le(0), u32le(0), Buffer.from([1, head.length])])
  return Buffer.concat([page, head])
}

/** A WebM (Matroska) file's EBML header naming the "webm" document type. */
function webm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), ascii('webm')])
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 1]), docType])
  // Then an empty Segment: a file with no tracks yet, as a recorder starts one.
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80])])
}

/** An ISO media file's first box: `ftyp` with the given brands (M4A, 3GP). */
function ftyp(major: string, compatible: string[]): Buffer {
  const body = Buffer.concat([ascii(major), u32be(0), ...compatible.map(ascii)])
  return Buffer.concat([u32be(8 + body.length), ascii('ftyp'), body, Buffer.alloc(32)])
}

/** AMR narrow band: the magic line and 12.2 kbit/s frames of silence. */
function amr(frames: number): Buffer {
  const frame = Buffer.concat([Buffer.from([0x3c]), Buffer.alloc(31)])
  return Buffer.concat([ascii('#!AMR\n'), ...Array.from({ length: frames }, () => frame)])
}

const u64le = (n: bigint) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64LE(n)
  return b
}

/** An ASF (WMA) header object holding one File Properties object: one second long. */
function asf(): Buffer {
  const headerGuid = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c])
  const filePropertiesGuid = Buffer.from([0xa1, 0xdc, 0xab, 0x8c, 0x47, 0xa9, 0xcf, 0x11, 0x8e, 0xe4, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65])
  // File id, file size, creation date, data packets, play and send duration (100 ns units), preroll (ms), flags, packet sizes, bit rate.
  const properties = Buffer.concat([Buffer.alloc(16), u64le(0n), u64le(0n), u64le(0n), u64le(10_000_000n), u64le(10_000_000n), u64le(0n), u32le(2), u32le(0), u32le(0), u32le(0)])
  const fileProperties = Buffer.concat([filePropertiesGuid, u64le(BigInt(24 + properties.length)), properties])
  return Buffer.concat([headerGuid, u64le(BigInt(30 + fileProperties.length)), u32le(1), Buffer.from([1, 2]), fileProperties])
}

/** A real file of each audio type the seed allows, by extension, as a person would name it. */
export const AUDIO_SAMPLES: Record<string, Buffer> = {
  wav: toneWav(1),
  mp3: mp3Frames(40),
  aac: adtsFrames(40),
  flac: flac(),
  ogg: oggOpus(),
  oga: oggOpus(),
  opus: oggOpus(),
  webm: webm(),
  m4a: ftyp('M4A ', ['M4A ', 'mp42', 'isom']),
  '3gp': ftyp('3gp4', ['3gp4', '3gp5', 'isom']),
  amr: amr(50),
  wma: asf(),
}

/** Other ways the same formats commonly begin: an MP3 behind its ID3 tag, AAC behind one (as iTunes writes it), AMR wide band. */
export const MORE_AUDIO_SAMPLES: [string, string, Buffer][] = [
  ['mp3', 'an MP3 behind its ID3 tag', Buffer.concat([id3Tag('Kitchen'), mp3Frames(20)])],
  ['aac', 'AAC behind an ID3 tag', Buffer.concat([id3Tag('Kitchen'), adtsFrames(20)])],
  ['amr', 'AMR wide band', Buffer.concat([ascii('#!AMR-WB\n'), Buffer.alloc(64)])],
  ['wav', 'a WAV file of 3 seconds', toneWav(3)],
]
