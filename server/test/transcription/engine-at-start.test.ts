// What the server says at start about the speech-to-text engine: off without TRANSCRIBE_URL; with it,
// the engine and model the stand-in engine answers with; an engine that does not answer yet is said
// in the log and asked again until it does, and the start never waits for it.
import { afterEach, describe, expect, it } from 'vitest'
import type { TranscriptionSetting } from '../../src/config.ts'
import { TRANSCRIPTION_OFF, watchEngineAtStart } from '../../src/transcription/engine-at-start.ts'
import { startStandInEngine, type StandInEngine } from '../support/stand-in-engine.ts'

const SETTING: TranscriptionSetting = { url: undefined, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 2 }

describe('the engine at start', () => {
  let standIn: StandInEngine | undefined
  afterEach(() => standIn?.close())

  const listen = () => {
    const said: Array<[string, string]> = []
    return { said, say: (level: 'info' | 'warn', message: string) => void said.push([level, message]) }
  }

  it('says AI transcription is off without TRANSCRIBE_URL', async () => {
    const { said, say } = listen()
    await watchEngineAtStart(SETTING, say)
    expect(said).toEqual([['info', 'AI transcription: off (set TRANSCRIBE_URL)']])
    expect(TRANSCRIPTION_OFF).toBe('AI transcription: off (set TRANSCRIBE_URL)')
  })

  it('names the engine and model that answer, with the key it was given', async () => {
    standIn = await startStandInEngine({ apiKey: 'sk-local' })
    const { said, say } = listen()
    await watchEngineAtStart({ ...SETTING, url: standIn.url, apiKey: 'sk-local' }, say)
    expect(said).toEqual([['info', `AI transcription: on, stand-in-engine at ${standIn.url}, model whisper-1`]])
  })

  it('warns when the engine does not list the model TRANSCRIBE_MODEL names', async () => {
    standIn = await startStandInEngine()
    const { said, say } = listen()
    await watchEngineAtStart({ ...SETTING, url: standIn.url, model: 'large-v3' }, say)
    expect(said).toEqual([['warn', `AI transcription: on, stand-in-engine at ${standIn.url}, model large-v3, which the engine does not list (it lists whisper-1): check TRANSCRIBE_MODEL`]])
  })

  it('says an engine that does not answer yet, and asks again until it does', async () => {
    standIn = await startStandInEngine()
    standIn.setAvailable(false)
    const { said, say } = listen()
    const watching = watchEngineAtStart({ ...SETTING, url: standIn.url }, say, { delaysMs: [20, 40] })
    await expect.poll(() => said.length).toBeGreaterThanOrEqual(2)
    standIn.setAvailable(true)
    await watching
    expect(said.slice(0, 2)).toEqual([
      ['warn', `AI transcription: the engine at ${standIn.url} does not answer (${standIn.url}/models answered 503: {"detail":"model loading"}); AI jobs wait until it does. Asking again in 20 ms`],
      ['warn', `AI transcription: the engine at ${standIn.url} does not answer (${standIn.url}/models answered 503: {"detail":"model loading"}); AI jobs wait until it does. Asking again in 40 ms`],
    ])
    expect(said.at(-1)).toEqual(['info', `AI transcription: on, stand-in-engine at ${standIn.url}, model whisper-1`])
  })

  it('stops asking when the server stops', async () => {
    const gone = await startStandInEngine()
    await gone.close()
    const stopping = new AbortController()
    const { said, say } = listen()
    const watching = watchEngineAtStart({ ...SETTING, url: gone.url }, say, { signal: stopping.signal })
    await expect.poll(() => said.length).toBe(1)
    expect(said[0]).toEqual([
      'warn',
      `AI transcription: the engine at ${gone.url} does not answer (${gone.url}/models: connect ECONNREFUSED ${new URL(gone.url).host}); AI jobs wait until it does. Asking again in 5 s`,
    ])
    stopping.abort()
    await watching
  })
})
