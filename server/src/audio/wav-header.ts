// A WAV (RIFF, RF64 or BW64) file's header checked against itself and against the file, before ffmpeg
// counts its audio as bytes / block align at the header's sample rate. Those fields are the clock of
// a PCM file, so each one that could make it measure shorter than the sound it holds is checked:
// the sample rate is one a recorder writes, the byte rate is the sample rate times the block align
// (PCM), and a data size smaller than the bytes after it is followed by chunks, not by more audio.
import { openBytes, type AudioSource, type ByteReader } from './ffmpeg-input.ts'
import { sampleRateProblem } from './sample-rates.ts'

/** PCM, IEEE float, A-law and µ-law: one block per sample frame, so byte rate = rate × block align. */
const PCM_FORMATS = new Set([0x0001, 0x0003, 0x0006, 0x0007])
const EXTENSIBLE = 0xfffe
/** RF64/BW64 write this in a 32-bit size whose true value is in the ds64 chunk. */
const SIZE_IN_DS64 = 0xffffffff
/** Chunks walked before the data chunk: enough for any writer's LIST, bext, iXML, JUNK and fact. */
const MOST_CHUNKS = 1000

interface Fmt {
  format: number
  channels: number
  sampleRate: number
  byteRate: number
  blockAlign: number
}

/**
 * Null when the header is consistent (or is not a WAV header at all: ffmpeg then refuses the file),
 * else what is wrong with it, in words for the log.
 */
export async function wavHeaderProblem(source: AudioSource): Promise<string | null> {
  const file = await openBytes(source)
  try {
    const fileSize = file.size
    const riff = await file.readAt(0, 12)
    if (riff.length < 12 || !['RIFF', 'RF64', 'BW64'].includes(riff.toString('latin1', 0, 4)) || riff.toString('latin1', 8, 12) !== 'WAVE') return null
    let fmt: Fmt | null = null
    let ds64DataSize: number | null = null
    let offset = 12
    for (let chunks = 0; chunks < MOST_CHUNKS && offset + 8 <= fileSize; chunks++) {
      const header = await file.readAt(offset, 8)
      const id = header.toString('latin1', 0, 4)
      const size = header.readUInt32LE(4)
      // The first of each, as ffmpeg reads them: a second fmt chunk must not hide the one it uses.
      if (id === 'ds64' && ds64DataSize === null) ds64DataSize = Number((await file.readAt(offset + 8, 16)).readBigUInt64LE(8))
      if (id === 'fmt ' && !fmt) fmt = readFmt(await file.readAt(offset + 8, Math.min(size, 40)))
      if (id === 'data') {
        if (!fmt) return null
        const declared = size === SIZE_IN_DS64 && ds64DataSize !== null ? ds64DataSize : size
        return fmtProblem(fmt) ?? (await hiddenAudioProblem(file, fileSize, offset + 8, declared))
      }
      offset += 8 + size + (size & 1)
    }
    return null
  } finally {
    await file.close()
  }
}

function readFmt(bytes: Buffer): Fmt | null {
  if (bytes.length < 16) return null
  const tag = bytes.readUInt16LE(0)
  return {
    // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
    format: tag === EXTENSIBLE && bytes.length >= 26 ? bytes.readUInt16LE(24) : tag,
    channels: bytes.readUInt16LE(2),
    sampleRate: bytes.readUInt32LE(4),
    byteRate: bytes.readUInt32LE(8),
    blockAlign: bytes.readUInt16LE(12),
  }
}

function fmtProblem(fmt: Fmt): string | null {
  const rate = sampleRateProblem(fmt.sampleRate)
  if (rate) return rate
  if (PCM_FORMATS.has(fmt.format) && (fmt.blockAlign === 0 || fmt.byteRate !== fmt.sampleRate * fmt.blockAlign)) {
    return `byte rate ${fmt.byteRate} is not sample rate ${fmt.sampleRate} × block align ${fmt.blockAlign}`
  }
  return null
}

/**
 * ffmpeg stops at the data size. A file cut short holds less than it says (counted as present); one
 * that holds more is fine only when chunks follow (LIST, id3, …): audio after a shrunk size is refused.
 */
async function hiddenAudioProblem(file: ByteReader, fileSize: number, dataStart: number, declared: number): Promise<string | null> {
  // 0: a writer that never went back to fill in the size (ffmpeg then reads to the end).
  if (declared === 0 || declared === SIZE_IN_DS64) return null
  let offset = dataStart + declared + (declared & 1)
  for (let chunks = 0; offset + 8 <= fileSize; chunks++) {
    const header = await file.readAt(offset, 8)
    const size = header.readUInt32LE(4)
    const isChunkId = [...header.subarray(0, 4)].every((byte) => byte >= 0x20 && byte <= 0x7e)
    if (chunks >= MOST_CHUNKS || !isChunkId || offset + 8 + size > fileSize) {
      return `data size ${declared} leaves ${fileSize - dataStart - declared} bytes after it that are not chunks`
    }
    offset += 8 + size + (size & 1)
  }
  return null
}

