// Issue 24, item 1: a clerk controls every byte of an upload, so no container clock or header field may
// make audio measure shorter than the sound it holds. For every type the measure accepts, 10 minutes
// of sound with its clock or header rewritten (hostile-recordings.ts) is measured to its real length
// or refused as a header that does not match its audio; never measured short.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioMeasureError, createAudioMeasurer } from '../../src/audio/measure-with-ffmpeg.ts'
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
async function outcome(name: string): Promise<number | string> {
  try {
    return await measure(files[name]!, name)
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
