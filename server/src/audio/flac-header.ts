// A FLAC file's STREAMINFO (its sample rate and total samples), checked against its first frame. The
// measure divides sample counts by STREAMINFO's rate, so a rate raised there alone (44.1 kHz written
// as 96 kHz) would make the file measure shorter: the first frame's header names its own rate
// whenever it is a standard one, and the two must agree. The total samples need no such check: the
// measure compares them with where the last frame ends and believes them only when they agree.
import { openBytes, type AudioSource, type ByteReader } from './ffmpeg-input.ts'
import { sampleRateProblem } from './sample-rates.ts'

export interface FlacStreamInfo {
  sampleRate: number
  /** 0: not known (a FLAC written as a stream). */
  totalSamples: number
  /** What is wrong with the header, for the log; null when it is consistent. */
  problem: string | null
}

/** The rates a frame header's 4-bit code names (codes 0 and 12–14 say "see STREAMINFO" or "read further"). */
const FRAME_RATES: Record<number, number> = {
  1: 88_200, 2: 176_400, 3: 192_000, 4: 8_000, 5: 16_000, 6: 22_050, 7: 24_000, 8: 32_000, 9: 44_100, 10: 48_000, 11: 96_000,
}

/**
 * STREAMINFO is the first metadata block, at a fixed place: "fLaC" (after an ID3v2 tag, if any), a
 * 4-byte block header, then 34 bytes in which bits 80–99 are the sample rate and bits 108–143 the total
 * samples. Null when the file does not start so: ffmpeg's flac demuxer then refuses it too.
 */
export async function readFlacStreamInfo(source: AudioSource): Promise<FlacStreamInfo | null> {
  const file = await openBytes(source)
  try {
    const start = await afterId3v2(file)
    const head = await file.readAt(start, 42)
    if (head.length < 42 || head.toString('latin1', 0, 4) !== 'fLaC' || (head[4]! & 0x7f) !== 0) return null
    const info = head.subarray(8)
    const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4)
    const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + info.readUInt32BE(14)
    const frameRate = FRAME_RATES[await firstFrameRateCode(file, start)]
    const problem =
      sampleRateProblem(sampleRate) ??
      (frameRate !== undefined && frameRate !== sampleRate ? `STREAMINFO says ${sampleRate} Hz, the first frame ${frameRate} Hz` : null)
    return { sampleRate, totalSamples, problem }
  } finally {
    await file.close()
  }
}

/** Where "fLaC" should be: after an ID3v2 tag ("ID3", version, flags, a 28-bit size; a footer adds 10), as ffmpeg skips one. */
async function afterId3v2(file: ByteReader): Promise<number> {
  const tag = await file.readAt(0, 10)
  if (tag.length < 10 || tag.toString('latin1', 0, 3) !== 'ID3') return 0
  const size = ((tag[6]! & 0x7f) << 21) | ((tag[7]! & 0x7f) << 14) | ((tag[8]! & 0x7f) << 7) | (tag[9]! & 0x7f)
  return 10 + size + (tag[5]! & 0x10 ? 10 : 0)
}

/** The sample-rate code of the first frame after the metadata blocks that start at `start` (-1 when there is none). */
async function firstFrameRateCode(file: ByteReader, start: number): Promise<number> {
  let offset = start + 4
  // Each block: 1 bit "last", 7 bits type, 24 bits length. A file has a handful; 200 bounds a hostile one.
  for (let blocks = 0; blocks < 200; blocks++) {
    const header = await file.readAt(offset, 4)
    if (header.length < 4) return -1
    offset += 4 + header.readUIntBE(1, 3)
    if (header[0]! & 0x80) break
  }
  const frame = await file.readAt(offset, 3)
  // A frame starts with the 14-bit sync code 11111111 111110.
  if (frame.length < 3 || frame[0] !== 0xff || (frame[1]! & 0xfe) !== 0xf8) return -1
  return frame[2]! & 0x0f
}

