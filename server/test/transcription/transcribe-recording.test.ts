// A recording split at its silences into pieces an engine accepts, sent to the stand-in engine over
// real HTTP, and joined back with each piece's times shifted by where the piece starts; one piece's
// failures retried on their own, and a second run that sends nothing twice.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOpenAiCompatibleEngine, DEFAULT_ENGINE_OPTIONS } from '../../src/transcription/openai-compatible-engine.ts'
import { chooseCuts, splitAudio, type AudioPiece } from '../../src/transcription/split-audio.ts'
import { transcribeRecording } from '../../src/transcription/transcribe-recording.ts'
import { TranscriptionEngineError } from '../../src/transcription/transcription-engine.ts'
import { ffmpeg } from '../audio/generated-recordings.ts'
import { STAND_IN_SEGMENT_SECONDS, STAND_IN_WORDS, startStandInEngine, type StandInEngine } from '../support/stand-in-engine.ts'

/** 25 minutes: 70 s of tone then 3 s of silence, over and over; the silences are at 70-73 s, 143-146 s, … */
const PERIOD = 73
const TONE = 70
const QUICK_RETRY = { delaysMs: [1, 1] }

async function probe(file: string): Promise<{ seconds: number; sampleRate: number; channels: number; codec: string }> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration', '-of', 'json', file])
  const info = JSON.parse(stdout) as { streams: Array<{ codec_name: string; sample_rate: string; channels: number }>; format: { duration: string } }
  return { seconds: Number(info.format.duration), sampleRate: Number(info.streams[0]!.sample_rate), channels: info.streams[0]!.channels, codec: info.streams[0]!.codec_name }
}

describe('choosing where to cut', () => {
  it('cuts at each mark when there is no silence', () => {
    expect(chooseCuts(1500, [])).toEqual([600, 1200])
  })

  it('cuts in the middle of the latest silence before each mark, or at the mark when the middle is past it', () => {
    expect(chooseCuts(1500, [{ start: 500, end: 502 }, { start: 590, end: 596 }, { start: 1100, end: 1104 }, { start: 1190, end: 1200 }])).toEqual([593, 1193])
  })

  it('does not look further back than two minutes', () => {
    expect(chooseCuts(700, [{ start: 400, end: 410 }])).toEqual([600])
  })

  it('leaves a recording of ten minutes or less whole', () => {
    expect(chooseCuts(600, [{ start: 300, end: 302 }])).toEqual([])
  })
})

describe('a 25-minute recording', () => {
  let folder: string
  let recording: string
  let pieces: AudioPiece[]
  let standIn: StandInEngine

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'transcribe-recording-'))
    recording = path.join(folder, 'inspection.wav')
    await ffmpeg(['-f', 'lavfi', '-i', `sine=f=440:r=8000:d=1500,volume='if(lt(mod(t,${PERIOD}),${TONE}),0.5,0)':eval=frame`, '-c:a', 'pcm_s16le', recording])
    pieces = await splitAudio(recording, 'inspection.wav', await mkdtemp(path.join(folder, 'split-')))
  }, 120_000)
  afterAll(() => rm(folder, { recursive: true, force: true }))
  afterEach(() => standIn?.close())

  it('is split into pieces of at most 10 minutes and 25 MB, 16 kHz mono FLAC, cut in its silences', async () => {
    expect(pieces).toHaveLength(3)
    expect(pieces[0]!.start).toBe(0)
    expect(pieces.at(-1)!.end).toBe(1500)
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) expect(piece.start).toBe(pieces[index - 1]!.end)
      const measured = await probe(piece.path)
      expect(measured).toEqual({ seconds: expect.closeTo(piece.end - piece.start, 2), sampleRate: 16000, channels: 1, codec: 'flac' })
      expect(measured.seconds).toBeLessThanOrEqual(600)
      expect((await stat(piece.path)).size).toBeLessThan(25 * 1000 * 1000)
    }
    // Each cut lies in a silence (70-73 s into its period), not at the 10-minute mark.
    for (const piece of pieces.slice(1)) expect(piece.start % PERIOD).toBeGreaterThanOrEqual(TONE)
  })

  it('is joined in order with each piece’s times shifted by where the piece starts', async () => {
    standIn = await startStandInEngine()
    const engine = createOpenAiCompatibleEngine({ url: standIn.url, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 2 })
    const segments = await transcribeRecording({ engine, filePath: recording, fileName: 'inspection.wav', workDir: path.join(folder, 'joined'), retry: QUICK_RETRY })
    const expected = pieces.flatMap((piece) => {
      const starts = []
      for (let at = 0; at < piece.end - piece.start; at += STAND_IN_SEGMENT_SECONDS) starts.push(Math.round((piece.start + at) * 1000) / 1000)
      return starts
    })
    expect(segments.map((segment) => segment.start)).toEqual(expected)
    expect(segments.every((segment) => segment.text === STAND_IN_WORDS)).toBe(true)
    expect(segments.at(-1)!.end).toBeCloseTo(1500, 1)
    // Each piece was sent once, whole (the stand-in measured what it received).
    const byLength = (a: number, b: number) => a - b
    const lengths = pieces.map((piece) => piece.end - piece.start).sort(byLength)
    expect(standIn.calls.map((call) => call.seconds).sort(byLength)).toEqual(lengths.map((seconds) => expect.closeTo(seconds, 2)))
  })

  it('gives one joined result when a piece fails twice and then answers, and sends nothing twice when run again', async () => {
    standIn = await startStandInEngine()
    const engine = createOpenAiCompatibleEngine({ url: standIn.url, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 1 })
    const workDir = path.join(folder, 'retried')
    standIn.failNext(2)
    const segments = await transcribeRecording({ engine, filePath: recording, fileName: 'inspection.wav', workDir, retry: QUICK_RETRY })
    expect(standIn.requests).toBe(pieces.length + 2)
    expect(standIn.calls).toHaveLength(pieces.length)
    expect(segments).toHaveLength(pieces.reduce((count, piece) => count + Math.ceil((piece.end - piece.start) / STAND_IN_SEGMENT_SECONDS), 0))

    // A queue hands the same work over again after a process stopped: the same answer, no call.
    expect(await transcribeRecording({ engine, filePath: recording, fileName: 'inspection.wav', workDir, retry: QUICK_RETRY })).toEqual(segments)
    expect(standIn.requests).toBe(pieces.length + 2)
  })
})

describe('an engine that always fails', () => {
  let folder: string
  let standIn: StandInEngine
  beforeAll(async () => (folder = await mkdtemp(path.join(tmpdir(), 'transcribe-fails-'))))
  afterAll(async () => {
    await standIn?.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('raises its cause after three tries of the piece', async () => {
    const recording = path.join(folder, 'short.mp3')
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=300:d=40', '-c:a', 'libmp3lame', '-b:a', '32k', recording])
    standIn = await startStandInEngine()
    standIn.failNext(Number.MAX_SAFE_INTEGER)
    const engine = createOpenAiCompatibleEngine({ url: standIn.url, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 2 }, DEFAULT_ENGINE_OPTIONS)
    const failure = await transcribeRecording({ engine, filePath: recording, fileName: 'short.mp3', workDir: path.join(folder, 'work'), retry: QUICK_RETRY }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TranscriptionEngineError)
    expect(failure).toMatchObject({ reason: 'refused', message: `transcription engine refused: ${standIn.url}/audio/transcriptions answered 500: {"detail":"CUDA out of memory. Tried to allocate 20.00 MiB"}` })
    expect(standIn.requests).toBe(3)
  })
})

describe('a work folder with any name', () => {
  let folder: string
  beforeAll(async () => (folder = await mkdtemp(path.join(tmpdir(), "transcribe-it's: a folder, [1]-"))))
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('holds the pieces whatever characters its path has', async () => {
    const recording = path.join(folder, 'short.mp3')
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=300:d=40', '-c:a', 'libmp3lame', '-b:a', '32k', recording])
    const pieces = await splitAudio(recording, 'short.mp3', path.join(folder, 'work: 1'))
    expect(pieces).toEqual([{ path: path.join(folder, 'work: 1', 'piece-000.flac'), start: 0, end: expect.closeTo(40, 1) }])
    expect(await probe(pieces[0]!.path)).toMatchObject({ sampleRate: 16000, channels: 1, codec: 'flac' })
  })
})
