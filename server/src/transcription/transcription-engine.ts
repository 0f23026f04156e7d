// Who turns speech into text: any engine that serves OpenAI's transcription API (speaches with
// faster-whisper, whisper.cpp's server, LocalAI, OpenAI itself), pointed at by TRANSCRIBE_URL
// (docs/decisions/transcription-engine.md). The rest of the product sees only this interface, so a
// different kind of engine is one more implementation, as payments have Stripe and the test provider.

/** One stretch of speech: seconds from the start of the audio the engine was sent. */
export interface TranscriptSegment {
  start: number
  end: number
  text: string
}

/** What the engine says about itself at start (GET {url}/models). */
export interface EngineDescription {
  /** The `Server` header or the model's `owned_by`, when the engine gives either. */
  engine: string | null
  /** The models it lists; null when it has no models endpoint (whisper.cpp's server). */
  models: string[] | null
}

export type EngineFailure =
  /** No connection, or the connection broke before an answer. */
  | 'unreachable'
  /** No whole answer within the call's time limit. */
  | 'timeout'
  /** An HTTP status other than 200 (a refused key, an unknown model, an engine error). */
  | 'refused'
  /** An answer that is not a transcript: not JSON, no segments, times that cannot be. */
  | 'invalid_answer'

/**
 * Why the engine gave no transcript. Its message is for staff and the log (it may quote the engine's
 * own words); a clerk is never shown it.
 */
export class TranscriptionEngineError extends Error {
  constructor(
    readonly reason: EngineFailure,
    readonly detail: string,
  ) {
    super(`transcription engine ${reason}: ${detail}`)
    this.name = 'TranscriptionEngineError'
  }
}

export interface TranscriptionEngine {
  readonly url: string
  readonly model: string
  /** A cheap request that proves the engine answers; throws a TranscriptionEngineError otherwise. */
  describe(): Promise<EngineDescription>
  /**
   * The segments of one audio file of at most 10 minutes and 25 MB (split-audio.ts makes them),
   * `seconds` long; the file is streamed from disk. Throws a TranscriptionEngineError.
   */
  transcribe(filePath: string, seconds: number): Promise<TranscriptSegment[]>
}
