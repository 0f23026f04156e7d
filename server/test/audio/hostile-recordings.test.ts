// Issue 24, item 1: a clerk controls every byte of an upload, so no container clock or header field may
// make audio measure shorter than the sound it holds. For every type the measure accepts, 10 minutes
// of sound with its clock or header rewritten (hostile-recordings.ts) is measured to its real length
// or refused as a header that does not match its audio; never measured short.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioMeasureError, createAudioMeasurer } from '../../src/audio/measure-with-ffmpeg.ts'
import { ffmpeg } from './generated-recordings.ts'
import { HOSTILE_SECONDS, makeHostileRecordings } from './hostile-recordings.ts'

const measure = createAudioMeasurer()
let folder: string
let files: Record<string, string>

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-hostile-audio-'))
  files = await makeHostileRecordings(folder)
}, 240_000)
afterAll(() => rm(folder, { recursive: true, force: true }))

/** The measured seconds, or the reason and detail the measure refused the file with. */
async function outcome(name: string, file = files[name]!): Promise<number | string> {
  try {
    return await measure(file, name)
  } catch (error) {
    if (error instanceof AudioMeasureError) return `${error.reason}: ${error.detail}`
    throw error
  }
}

describe('a rewritten container clock is measured to the sound it holds', () => {
  it.each([
    ['timecode-scale.webm', 'WebM whose TimecodeScale says 10 µs a tick instead of 1 ms'],
    ['cluster-times.webm', 'WebM whose every cluster starts at 0 (only the block times left)'],
    ['timescale.m4a', 'M4A whose mdhd timescale is multiplied by 100'],
    ['edit-list.m4a', 'M4A whose edit list plays only 6 s of the audio'],
    ['granules.ogg', 'Ogg Opus whose granule positions are divided by 100'],
    ['granules-vorbis.ogg', 'Ogg Vorbis whose granule positions are divided by 100'],
    ['total-samples.flac', "FLAC whose STREAMINFO total samples are divided by 100"],
    ['send-times.wma', 'WMA whose packet send times and presentation times are divided by 100'],
    ['xing-frames.mp3', 'MP3 whose Xing header counts a hundredth of its frames'],
  ])('%s (%s): 10 minutes', async (name) => {
    const seconds = await outcome(name)
    expect(typeof seconds).toBe('number')
    // Within 0.3 s: a codec's priming and padding (kept by the count), or FLAC's last block (0.29 s at 16 kHz).
    expect(Math.abs((seconds as number) - HOSTILE_SECONDS)).toBeLessThan(0.3)
  })
})

describe('a header that contradicts its audio is refused', () => {
  it.each([
    ['sample-rate.wav', 'sample rate 1600000 Hz is outside 8000–96000 Hz'],
    ['byte-rate.wav', 'byte rate 3200000 is not sample rate 16000 × block align 2'],
    ['second-fmt.wav', 'sample rate 1600000 Hz is outside 8000–96000 Hz'],
    ['data-size.wav', 'data size 192000 leaves 19008000 bytes after it that are not chunks'],
    ['ds64-size.wav', 'data size 192000 leaves 19008000 bytes after it that are not chunks'],
    ['rf64-rate.wav', 'sample rate 800000 Hz is outside 8000–96000 Hz'],
    ['streaminfo-rate.flac', 'STREAMINFO says 96000 Hz, the first frame 16000 Hz'],
    ['id3-streaminfo-rate.flac', 'STREAMINFO says 96000 Hz, the first frame 16000 Hz'],
  ])('%s: %s', async (name, problem) => {
    expect(await outcome(name)).toBe(`header_mismatch: ${problem}`)
  })
})

// Found by a hostile client against the running server: raw AAC (ADTS) and FLAC were measured by
// their packets at the first frame's sample rate, so 6 s at 48 kHz followed by 600 s at 8 kHz (frames
// that each name their own rate: two recordings joined byte for byte) measured 106 s and 100 s and
// were charged 2 minutes. A rate that changes within the audio is no recording a recorder makes.
describe('a sample rate that changes within the audio is refused', () => {
  const joined: Record<string, string> = {}
  beforeAll(async () => {
    const part = (extension: string, rate: number, seconds: number) => {
      const file = path.join(folder, `part-${rate}-${seconds}.${extension}`)
      return ffmpeg(['-f', 'lavfi', '-i', `sine=f=300:r=${rate}:d=${seconds}`, '-c:a', extension === 'aac' ? 'aac' : 'flac', file]).then(() => readFile(file))
    }
    const [aacHigh, aacLow, flacHigh, flacLow] = await Promise.all([part('aac', 48_000, 6), part('aac', 8000, 600), part('flac', 48_000, 6), part('flac', 8000, 600)])
    joined['joined.aac'] = path.join(folder, 'joined.aac')
    joined['joined.flac'] = path.join(folder, 'joined.flac')
    await writeFile(joined['joined.aac'], Buffer.concat([aacHigh, aacLow]))
    // A FLAC's frames follow its metadata blocks: the second file's frames only, after the whole first file.
    await writeFile(joined['joined.flac'], Buffer.concat([flacHigh, flacFrames(flacLow)]))
  }, 120_000)

  it.each(['joined.aac', 'joined.flac'])('%s: 6 s at 48 kHz, then 600 s at 8 kHz', async (name) => {
    expect(await outcome(name, joined[name]!)).toBe('header_mismatch: the sample rate or channels change within the audio')
  })
})

/** A FLAC file's frames: what follows its last metadata block. */
function flacFrames(bytes: Buffer): Buffer {
  let at = 4
  for (;;) {
    const last = (bytes[at]! & 0x80) !== 0
    at += 4 + bytes.readUIntBE(at + 1, 3)
    if (last) return bytes.subarray(at)
  }
}
