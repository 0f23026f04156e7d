// The client of an OpenAI-compatible engine against the stand-in engine over real HTTP: what it sends,
// what it makes of the answers, its time limit, its cap on calls at once, and that it streams the
// audio from disk instead of holding it in memory.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TranscriptionSetting } from '../../src/config.ts'
import { createOpenAiCompatibleEngine, readSegments } from '../../src/transcription/openai-compatible-engine.ts'
import { TranscriptionEngineError } from '../../src/transcription/transcription-engine.ts'
import { ffmpeg } from '../audio/generated-recordings.ts'
import { STAND_IN_WORDS, startStandInEngine, type StandInEngine } from '../support/stand-in-engine.ts'

const SETTING = { apiKey: 'sk-local-test', model: 'whisper-1', language: 'en', concurrency: 2 } satisfies Omit<TranscriptionSetting, 'url'>
const OPTIONS = { callTimeoutMs: 60_000, describeTimeoutMs: 10_000 }

describe('the OpenAI-compatible engine client', () => {
  let folder: string
  let piece: string
  let standIn: StandInEngine

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'engine-client-'))
    piece = path.join(folder, 'piece-000.flac')
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=440:r=16000:d=75', '-ac', '1', '-c:a', 'flac', piece])
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))
  afterEach(() => standIn?.close())

  const engineFor = (engine: StandInEngine, changes: Partial<TranscriptionSetting & typeof OPTIONS> = {}) =>
    createOpenAiCompatibleEngine({ ...SETTING, url: engine.url, ...changes }, { ...OPTIONS, ...changes })

  it('sends the file, model, language and verbose_json with the key, and answers the segments', async () => {
    standIn = await startStandInEngine({ apiKey: SETTING.apiKey })
    const segments = await engineFor(standIn).transcribe(piece, 75)
    expect(segments).toEqual([
      { start: 0, end: 30, text: STAND_IN_WORDS },
      { start: 30, end: 60, text: STAND_IN_WORDS },
      { start: 60, end: 75, text: STAND_IN_WORDS },
    ])
    expect(standIn.calls).toEqual([
      {
        fields: { model: 'whisper-1', language: 'en', response_format: 'verbose_json' },
        fileName: 'piece-000.flac',
        bytes: expect.any(Number),
        seconds: 75,
        authorization: 'Bearer sk-local-test',
      },
    ])
  })

  it("names an engine's refusal with its own words, for staff", async () => {
    standIn = await startStandInEngine()
    standIn.failNext(1)
    const failure = await engineFor(standIn).transcribe(piece, 75).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TranscriptionEngineError)
    expect(failure).toMatchObject({ reason: 'refused', detail: `${standIn.url}/audio/transcriptions answered 500: {"detail":"CUDA out of memory. Tried to allocate 20.00 MiB"}` })
  })

  it('gives up on an engine that hangs after the call timeout', async () => {
    standIn = await startStandInEngine()
    standIn.hang()
    await expect(engineFor(standIn, { callTimeoutMs: 1_000 }).transcribe(piece, 75)).rejects.toMatchObject({
      reason: 'timeout',
      detail: `no answer from ${standIn.url}/audio/transcriptions within 1 s`,
    })
  })

  it('names an engine nobody answers at', async () => {
    standIn = await startStandInEngine()
    const url = standIn.url
    await standIn.close()
    await expect(createOpenAiCompatibleEngine({ ...SETTING, url }, OPTIONS).transcribe(piece, 75)).rejects.toMatchObject({
      reason: 'unreachable',
      detail: expect.stringMatching(/ECONNREFUSED/),
    })
  })

  it('refuses an answer that is not a transcript of the audio it was sent', async () => {
    standIn = await startStandInEngine()
    standIn.answerWith(() => ({ text: 'hello' }))
    await expect(engineFor(standIn).transcribe(piece, 75)).rejects.toMatchObject({ reason: 'invalid_answer', detail: 'not a verbose_json transcript with segments: {"text":"hello"}' })
    standIn.answerWith(() => ({ text: 'x', segments: [{ start: 0, end: 3600, text: 'x' }] }))
    await expect(engineFor(standIn).transcribe(piece, 75)).rejects.toMatchObject({ reason: 'invalid_answer', detail: expect.stringMatching(/^a segment ending at 3600 s in 75\.0 s of audio/) })
  })

  it('holds at most TRANSCRIBE_CONCURRENCY calls at the engine at once', async () => {
    standIn = await startStandInEngine()
    standIn.hold()
    const engine = engineFor(standIn, { concurrency: 2 })
    const calls = Array.from({ length: 5 }, () => engine.transcribe(piece, 75))
    // Let the held calls go one at a time once two are waiting (or all that are left): without the
    // cap all five would be at the engine before the first is let go.
    for (let left = 5; left > 0; left--) {
      await expect.poll(() => standIn.held()).toBeGreaterThanOrEqual(Math.min(2, left))
      expect(standIn.inFlight).toBeLessThanOrEqual(2)
      standIn.release()
    }
    expect(await Promise.all(calls)).toHaveLength(5)
    expect(standIn.maxInFlight).toBe(2)
  })

  it('streams a large file from disk instead of reading it into memory', async () => {
    const large = path.join(folder, 'large.wav')
    // 96 MB of 16-bit mono 16 kHz silence (50 minutes): three times the most the test lets be held.
    await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3000', '-c:a', 'pcm_s16le', large])
    standIn = await startStandInEngine()
    // What is held, not what awaits collection: a full collection before each sample (the chunks a
    // stream has passed on are garbage at once; a client holding the file keeps all of it).
    const collect = collectGarbage()
    collect()
    let peak = 0
    const before = process.memoryUsage().arrayBuffers
    // Every 250 ms is often enough: a client holding the file would hold it for the whole upload.
    const sampler = setInterval(() => {
      collect()
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before)
    }, 250)
    try {
      // Limits, not waits: beside a busy loop and another worker, 96 MB with full collections in
      // between outlasted the 60 s call limit the other tests use.
      await engineFor(standIn, { callTimeoutMs: 180_000 }).transcribe(large, 3000)
    } finally {
      clearInterval(sampler)
    }
    expect(standIn.calls[0]).toMatchObject({ bytes: 96_000_078, seconds: 3000 })
    // The stand-in in this same process streams it to disk too: both together stay far below the file.
    expect(peak).toBeLessThan(32 * 1024 * 1024)
    // A limit, not a wait: full collections on a busy 2-core machine are slow.
  }, 240_000)
})

/** V8's full collection, which the test process is not started with (--expose-gc). */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

describe('reading an engine answer', () => {
  it('trims the segments and drops empty ones', () => {
    const body = JSON.stringify({ text: ' One. Two.', segments: [{ start: 0, end: 1.5, text: ' One.' }, { start: 1.5, end: 2, text: ' ' }, { start: 2, end: 3, text: ' Two.' }] })
    expect(readSegments(body, 3)).toEqual([
      { start: 0, end: 1.5, text: 'One.' },
      { start: 2, end: 3, text: 'Two.' },
    ])
  })

  it.each([
    ['<html>Bad gateway</html>', 'not a verbose_json transcript with segments'],
    ['{"text":"spoken words","segments":[]}', 'text without segments'],
    ['{"segments":[{"start":5,"end":2,"text":"x"}]}', 'a segment from 5 s to 2 s'],
    ['{"segments":[{"start":-1,"end":2,"text":"x"}]}', 'a segment from -1 s to 2 s'],
    ['{"segments":[{"start":"0","end":2,"text":"x"}]}', 'not a verbose_json transcript with segments'],
    ['{"segments":[{"start":4,"end":5,"text":"a"},{"start":1,"end":2,"text":"b"}]}', 'segments out of order at 1 s'],
  ])('refuses %s', (body, why) => {
    expect(() => readSegments(body, 10)).toThrow(new TranscriptionEngineError('invalid_answer', `${why}: ${body}`))
  })

  it('accepts silence: no segments and no text', () => {
    expect(readSegments('{"text":"","segments":[]}', 10)).toEqual([])
  })
})
