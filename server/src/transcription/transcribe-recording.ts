// A whole recording to one list of segments: split into pieces (split-audio.ts), each piece sent to the
// engine and retried on its own, the texts joined in order with each piece's times shifted by where it
// starts. Safe to run again (a queue redelivers work a stopped process held): the pieces are written
// over, and a piece already answered keeps its answer in the work folder and is not sent twice.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { splitAudio, type AudioPiece } from './split-audio.ts'
import { TranscriptionEngineError, type TranscriptionEngine, type TranscriptSegment } from './transcription-engine.ts'

export interface PieceRetry {
  /** Waits before the second and third tries; the queue's own retries (minutes apart) come after. */
  delaysMs: number[]
}

/** 3 tries: a restarting engine or a dropped connection is usually back within seconds. */
export const DEFAULT_PIECE_RETRY: PieceRetry = { delaysMs: [2_000, 10_000] }

export interface TranscribeRecording {
  engine: TranscriptionEngine
  /** The stored upload, and its name (its extension says its kind). */
  filePath: string
  fileName: string
  /** A folder for this job's pieces and answers, kept between runs; the caller removes it when done. */
  workDir: string
  retry?: PieceRetry
  split?: typeof splitAudio
}

/** Every segment of the recording, times from its start. Throws the last TranscriptionEngineError of a piece that never answered. */
export async function transcribeRecording({ engine, filePath, fileName, workDir, retry = DEFAULT_PIECE_RETRY, split = splitAudio }: TranscribeRecording): Promise<TranscriptSegment[]> {
  await mkdir(workDir, { recursive: true })
  const pieces = await split(filePath, fileName, workDir)
  // All pieces are handed over at once; the engine's own cap (TRANSCRIBE_CONCURRENCY) queues them.
  const answers = await Promise.all(pieces.map((piece) => answerOf(piece, engine, retry)))
  return answers.flatMap((segments, index) => joinedAt(pieces[index]!.start, segments))
}

/** A piece's segments moved from the piece's clock to the recording's. */
export function joinedAt(offset: number, segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.map(({ start, end, text }) => ({ start: round(offset + start), end: round(offset + end), text }))
}

/** Milliseconds are all a transcript shows; adding floats otherwise leaves 582.6240000000001. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000

async function answerOf(piece: AudioPiece, engine: TranscriptionEngine, retry: PieceRetry): Promise<TranscriptSegment[]> {
  const answerFile = `${piece.path}.json`
  const kept = await readKept(answerFile, piece)
  if (kept) return kept
  const segments = await withRetry(() => engine.transcribe(piece.path, piece.end - piece.start), retry)
  // Written whole then renamed: a process stopped mid-write leaves no half answer to trust.
  await writeFile(`${answerFile}.partial`, JSON.stringify({ start: piece.start, end: piece.end, model: engine.model, segments }))
  await rename(`${answerFile}.partial`, answerFile)
  return segments
}

/** The answer of an earlier run for this same piece (same place in the recording), or null. */
async function readKept(answerFile: string, piece: AudioPiece): Promise<TranscriptSegment[] | null> {
  try {
    const kept = JSON.parse(await readFile(answerFile, 'utf8')) as { start: number; end: number; segments: TranscriptSegment[] }
    return kept.start === piece.start && kept.end === piece.end ? kept.segments : null
  } catch {
    return null
  }
}

async function withRetry<T>(attempt: () => Promise<T>, { delaysMs }: PieceRetry): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt()
    } catch (error) {
      // Only the engine's failures are worth another try; a missing file or a bug is not.
      const delay = delaysMs[tried]
      if (!(error instanceof TranscriptionEngineError) || delay === undefined) throw error
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())))
    }
  }
}

