// The engine behind TRANSCRIBE_URL, spoken to as OpenAI's API: POST {url}/audio/transcriptions with a
// multipart file, model, language and response_format=verbose_json (the only format that gives
// segment times). The file is streamed from disk (multipart-upload.ts says why not fetch): a piece is
// never held whole in memory. Each call has a time limit and at most `concurrency` run at once in
// this process.
import { stat } from 'node:fs/promises'
import path from 'node:path'
import Type from 'typebox'
import { Value } from 'typebox/value'
import type { TranscriptionSetting } from '../config.ts'
import { limitConcurrency } from '../limit-concurrency.ts'
import { postMultipart } from './multipart-upload.ts'
import { TranscriptionEngineError, type EngineDescription, type TranscriptionEngine, type TranscriptSegment } from './transcription-engine.ts'

export interface EngineOptions {
  /** The whole of one call, sending the audio and reading the answer: past it the call is abandoned. */
  callTimeoutMs: number
  /** GET {url}/models at start. */
  describeTimeoutMs: number
}

/**
 * A 10-minute piece takes faster-whisper small about 1 minute on 4 CPU cores and whisper.cpp base
 * about as long; a queue of calls on a busy engine waits its turn inside the engine too. 10 minutes
 * stops only a call that hangs.
 */
export const DEFAULT_ENGINE_OPTIONS: EngineOptions = { callTimeoutMs: 600_000, describeTimeoutMs: 10_000 }

/** How far past the piece's end a segment may reach (Whisper's 20 ms steps, the last word's tail). */
const END_TOLERANCE_SECONDS = 2

const VerboseJson = Type.Object({
  text: Type.Optional(Type.String()),
  segments: Type.Array(Type.Object({ start: Type.Number(), end: Type.Number(), text: Type.String() })),
})

const ModelList = Type.Object({ data: Type.Array(Type.Object({ id: Type.String(), owned_by: Type.Optional(Type.String()) })) })

export function createOpenAiCompatibleEngine(
  setting: TranscriptionSetting & { url: string },
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
): TranscriptionEngine {
  const headers: Record<string, string> = setting.apiKey ? { authorization: `Bearer ${setting.apiKey}` } : {}

  /** The engine's status and answer text, or a TranscriptionEngineError saying why there is none. */
  async function exchange(url: string, timeoutMs: number, send: (signal: AbortSignal) => Promise<{ status: number; body: string; server?: string | null }>) {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return await send(signal)
    } catch (error) {
      if (signal.aborted) throw new TranscriptionEngineError('timeout', `no answer from ${url} within ${timeoutMs / 1000} s`)
      const cause = error instanceof Error ? error : new Error(String(error))
      const why = cause.cause instanceof Error ? cause.cause.message : cause.message
      throw new TranscriptionEngineError('unreachable', `${url}: ${why}`)
    }
  }

  async function describe(): Promise<EngineDescription> {
    const url = `${setting.url}/models`
    const { status, body, server = null } = await exchange(url, options.describeTimeoutMs, async (signal) => {
      const response = await fetch(url, { headers, signal })
      return { status: response.status, body: await response.text(), server: response.headers.get('server') }
    })
    // whisper.cpp's server has no models endpoint: it answered, which is what the check is for.
    if (status === 404 || status === 405) return { engine: server, models: null }
    if (status !== 200) throw new TranscriptionEngineError('refused', `${url} answered ${status}: ${body.slice(0, 300)}`)
    const list = parseJson(body)
    if (!Value.Check(ModelList, list)) throw new TranscriptionEngineError('invalid_answer', `${url} did not answer a model list: ${body.slice(0, 300)}`)
    const ownedBy = list.data.find((model) => model.id === setting.model)?.owned_by ?? null
    return { engine: server ?? ownedBy, models: list.data.map((model) => model.id) }
  }

  async function transcribe(filePath: string, seconds: number): Promise<TranscriptSegment[]> {
    const url = `${setting.url}/audio/transcriptions`
    // Outside the exchange: a missing piece is this server's fault, not the engine's.
    const { size } = await stat(filePath)
    const { status, body } = await exchange(url, options.callTimeoutMs, (signal) =>
      postMultipart(url, {
        headers,
        fields: { model: setting.model, language: setting.language, response_format: 'verbose_json' },
        file: { field: 'file', path: filePath, name: path.basename(filePath), type: 'audio/flac', size },
        signal,
      }),
    )
    if (status !== 200) throw new TranscriptionEngineError('refused', `${url} answered ${status}: ${body.slice(0, 300)}`)
    return readSegments(body, seconds)
  }

  return { url: setting.url, model: setting.model, describe, transcribe: limitConcurrency(setting.concurrency, transcribe) }
}

/**
 * The segments of a verbose_json answer for `seconds` of audio, trimmed of the spaces Whisper puts
 * before each; an answer that cannot be a transcript of that audio is a TranscriptionEngineError.
 */
export function readSegments(body: string, seconds: number): TranscriptSegment[] {
  const answer = parseJson(body)
  const invalid = (why: string) => new TranscriptionEngineError('invalid_answer', `${why}: ${body.slice(0, 300)}`)
  if (!Value.Check(VerboseJson, answer)) throw invalid('not a verbose_json transcript with segments')
  if (answer.segments.length === 0 && (answer.text ?? '').trim() !== '') throw invalid('text without segments')
  let previousStart = 0
  const segments: TranscriptSegment[] = []
  for (const { start, end, text } of answer.segments) {
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end < start) throw invalid(`a segment from ${start} s to ${end} s`)
    if (end > seconds + END_TOLERANCE_SECONDS) throw invalid(`a segment ending at ${end} s in ${seconds.toFixed(1)} s of audio`)
    if (start < previousStart) throw invalid(`segments out of order at ${start} s`)
    previousStart = start
    if (text.trim() !== '') segments.push({ start, end: Math.max(start, Math.min(end, seconds)), text: text.trim() })
  }
  return segments
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}
