// What the server says at start about the speech-to-text engine (TRANSCRIBE_URL). Unset: AI jobs wait
// for staff, as before. Set: one cheap request (GET {url}/models) says which engine and model answer.
// An engine that does not answer (still loading its model, started after the product, down) is said
// in the log and asked again with backoff until it answers; it never stops the server, because every
// other page works without it and queued AI jobs simply wait.
import type { TranscriptionSetting } from '../config.ts'
import { createOpenAiCompatibleEngine } from './openai-compatible-engine.ts'
import { TranscriptionEngineError, type TranscriptionEngine } from './transcription-engine.ts'

export const TRANSCRIPTION_OFF = 'AI transcription: off (set TRANSCRIBE_URL)'

export type Say = (level: 'info' | 'warn', message: string) => void

export interface EngineWatch {
  /** Waits before asking again: 5 s doubling to 5 minutes, then every 5 minutes. */
  delaysMs?: number[]
  /** Stops asking (the server is stopping). */
  signal?: AbortSignal
  engine?: TranscriptionEngine
}

export const ENGINE_CHECK_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000]

/** Says whether AI transcription is on and what answers; resolves once the engine answered (or at once when off, or when stopped). */
export async function watchEngineAtStart(setting: TranscriptionSetting, say: Say, watch: EngineWatch = {}): Promise<void> {
  if (setting.url === undefined) {
    say('info', TRANSCRIPTION_OFF)
    return
  }
  const engine = watch.engine ?? createOpenAiCompatibleEngine({ ...setting, url: setting.url })
  const delays = watch.delaysMs ?? ENGINE_CHECK_DELAYS_MS
  for (let tried = 0; !watch.signal?.aborted; tried++) {
    try {
      const { engine: name, models } = await engine.describe()
      const found = `AI transcription: on, ${name ?? 'an engine'} at ${setting.url}, model ${setting.model}`
      if (models === null || models.includes(setting.model)) say('info', models === null ? `${found} (the engine lists no models)` : found)
      else say('warn', `${found}, which the engine does not list (it lists ${models.slice(0, 5).join(', ') || 'none'}): check TRANSCRIBE_MODEL`)
      return
    } catch (error) {
      if (!(error instanceof TranscriptionEngineError)) throw error
      const delay = delays[Math.min(tried, delays.length - 1)] ?? 300_000
      say('warn', `AI transcription: the engine at ${setting.url} does not answer (${error.detail}); AI jobs wait until it does. Asking again in ${formatDelay(delay)}`)
      await sleep(delay, watch.signal)
    }
  }
}

const formatDelay = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`)

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })
}
