// The server's audio measure on real recordings generated here by ffmpeg: every allowed kind within
// 0.1 s of its true length, including the hard cases real recorders make (VBR MP3 with no Xing
// header, WebM and Ogg written as a stream, AMR with no encoder on Debian, files cut short by a
// dropped upload), and every way it fails is a typed AudioMeasureError, never a hang.
import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioMeasureError, createAudioMeasurer, ffmpegVersion, type AudioMeasureFailure } from '../../src/audio/measure-with-ffmpeg.ts'
import { decodedSeconds, makeRecordings, SECONDS } from './generated-recordings.ts'

const measure = createAudioMeasurer()
let folder: string
let files: Record<string, string>

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-audio-'))
  files = await makeRecordings(folder)
})
afterAll(() => rm(folder, { recursive: true, force: true }))

const fileOf = (name: string) => files[name] ?? path.join(folder, name)

/** The reason the measure gave up on a file, or 'measured' when it did not. */
async function failure(run: Promise<number>): Promise<AudioMeasureFailure | 'measured'> {
  try {
    await run
    return 'measured'
  } catch (error) {
    if (error instanceof AudioMeasureError) return error.reason
    throw error
  }
}

describe('measuring a recording with ffmpeg', () => {
  it.each([
    ['dictaphone.wav', 'WAV, 16 kHz'],
    ['cbr.mp3', 'MP3, constant bit rate'],
    ['vbr-no-xing.mp3', 'MP3, variable bit rate with no Xing header'],
    ['phone.m4a', 'M4A/AAC with its index at the end'],
    ['lossless.flac', 'FLAC'],
    ['vorbis.ogg', 'Ogg Vorbis'],
    ['voice.opus', 'Opus'],
    ['speex.ogg', 'Ogg Speex (an old voice codec)'],
    ['browser.webm', 'WebM/Opus written as a stream (no duration, no cues)'],
    ['browser.ogg', 'Ogg/Opus written as a stream'],
    ['android.3gp', '3GP with AAC'],
    ['android-amr.3gp', '3GP with AMR-NB'],
    ['recorder.amr', 'AMR-NB'],
    ['recorder-wb.amr', 'AMR-WB'],
    ['raw.aac', 'raw AAC (ADTS)'],
    ['windows.wma', 'WMA'],
  ])('%s (%s) is measured within 0.1 s of its length', async (name) => {
    expect(await measure(fileOf(name), name)).toBeCloseTo(SECONDS, 1)
  })

  it('is exact where the header reading is many seconds wrong (VBR MP3 with no Xing header)', async () => {
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', fileOf('vbr-no-xing.mp3')])
    expect(Math.abs(Number(stdout) - SECONDS)).toBeGreaterThan(1)
    expect(await measure(fileOf('vbr-no-xing.mp3'), 'vbr-no-xing.mp3')).toBeCloseTo(SECONDS, 1)
  })

  it.each(['cut.mp3', 'cut.wav', 'cut.flac'])('%s, cut in half after its header announced the whole, counts only the audio present', async (name) => {
    const present = await decodedSeconds(fileOf(name))
    expect(present).toBeLessThan(SECONDS - 2)
    expect(Math.abs((await measure(fileOf(name), name)) - present)).toBeLessThan(0.1)
  })

  it('goes by the name the clerk gave, not the stored path (an upload in progress has no extension)', async () => {
    const stored = path.join(folder, 'upload-in-progress.partial')
    await copyFile(fileOf('phone.m4a'), stored)
    expect(await measure(stored, 'Kitchen and hall.m4a')).toBeCloseTo(SECONDS, 1)
  })

  it('measures several files at once, a few runs at a time', async () => {
    const oneAtATime = createAudioMeasurer({ concurrent: 1 })
    const names = ['dictaphone.wav', 'voice.opus', 'cbr.mp3']
    const seconds = await Promise.all(names.map((name) => oneAtATime(fileOf(name), name)))
    for (const value of seconds) expect(value).toBeCloseTo(SECONDS, 1)
  })
})

describe('a file the measure cannot read', () => {
  it('a text file renamed .mp3 is not audio', async () => {
    expect(await failure(measure(fileOf('notes.mp3'), 'notes.mp3'))).toBe('not_audio')
  })

  it('an empty file is not audio', async () => {
    await writeFile(path.join(folder, 'empty.wav'), '')
    expect(await failure(measure(path.join(folder, 'empty.wav'), 'empty.wav'))).toBe('not_audio')
  })

  it('a recording renamed to another audio type is not audio of that type (the demuxer is never guessed)', async () => {
    expect(await failure(measure(fileOf('vbr-no-xing.mp3'), 'vbr-no-xing.m4a'))).toBe('not_audio')
  })

  it('a type it does not know is refused before ffmpeg runs', async () => {
    expect(await failure(measure(fileOf('notes.mp3'), 'notes.txt'))).toBe('unsupported_type')
  })

  it('a run past its wall-clock limit is killed', async () => {
    expect(await measure(fileOf('long.wav'), 'long.wav')).toBeCloseTo(300, 1)
    const impatient = createAudioMeasurer({ timeoutMs: 1 })
    const error = await impatient(fileOf('long.wav'), 'long.wav').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AudioMeasureError)
    expect(error).toMatchObject({ reason: 'over_limits', message: 'could not measure long.wav: over_limits (no answer within 1 ms)' })
  })

  it('a run past its memory limit fails as such, not as a missing ffmpeg', async () => {
    // Debian's ffmpeg maps ~270 MiB of libraries before it reads a byte: 200 MiB stops it at once.
    const cramped = createAudioMeasurer({ memoryBytes: 200 * 1024 * 1024 })
    expect(await failure(cramped(fileOf('dictaphone.wav'), 'dictaphone.wav'))).toBe('over_limits')
  })

  it('ffmpeg missing where the setting points is said as such', async () => {
    const nowhere = createAudioMeasurer({ ffmpegPath: path.join(folder, 'no-ffmpeg-here') })
    expect(await failure(nowhere(fileOf('dictaphone.wav'), 'dictaphone.wav'))).toBe('ffmpeg_missing')
    expect(await ffmpegVersion(path.join(folder, 'no-ffmpeg-here'))).toBeNull()
    expect(await ffmpegVersion('ffmpeg')).toMatch(/^ffmpeg version /)
  })
})
