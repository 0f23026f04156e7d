// Works the `transcribe-job` queue in this process when TRANSCRIBE_URL is set (TRANSCRIBE_CONCURRENCY
// jobs at once; the engine's own cap keeps the calls at that number too). Unset, no worker starts and
// the queued jobs wait in the queue for staff, as before; a server started later with the setting
// works them then. A run that throws is retried by pg-boss (queues.ts: 3 more tries over about 15
// minutes); after the last, the job stays where it was for staff with the cause as a staff-only note
// (`ops jobs`), and `ops queue` lists the failed entry with it. The clerk never sees an engine's failure.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { PieceRetry } from './transcribe-recording.ts'
import { createOpenAiCompatibleEngine, type EngineOptions } from './openai-compatible-engine.ts'
import { STAFF_NOTE_MAX_LENGTH } from '../jobs/job-operations.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'
import { transcribeJob } from './transcribe-job.ts'

export interface TranscribeWorkerOptions {
  /** Tests shorten the engine's time limits and the waits between a piece's tries. */
  engineOptions?: EngineOptions
  pieceRetry?: PieceRetry
}

/** The cause kept on the failed queue entry (ops queue's `error`): staff read it, the clerk never does. */
export function failureCause(jobId: number, lastTry: boolean, error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error)
  return `AI transcription of job #${jobId} failed${lastTry ? ' on its last try; the job waits for staff' : ''}: ${cause}`
}

/** Adds the failure's cause to the job as a staff-only note; a job deleted meanwhile (or a database hiccup) is only logged. */
async function noteForStaff(app: FastifyInstance, jobId: number, cause: string): Promise<void> {
  try {
    await jobsRepository.addStaffOnlyNote(app.database.db, jobId, cause.slice(0, STAFF_NOTE_MAX_LENGTH))
  } catch (error) {
    app.log.error({ jobId, err: error }, 'could not note the AI transcription failure on the job')
  }
}

/** Starts the worker when TRANSCRIBE_URL is set; answers whether it did. */
export async function startTranscribeWorker(app: FastifyInstance, options: TranscribeWorkerOptions = {}): Promise<boolean> {
  const setting = app.config.transcription
  if (setting.url === undefined) return false
  const engine = createOpenAiCompatibleEngine({ ...setting, url: setting.url }, options.engineOptions)
  const workRoot = path.join(app.config.dataDir, 'transcription')
  const deps = { db: app.database.db, storage: app.storage, engine, workRoot, pieceRetry: options.pieceRetry, publicUrl: app.config.publicUrl }
  await app.queue.work(
    'transcribe-job',
    async ({ jobId }, { lastTry }) => {
      try {
        const outcome = await transcribeJob(deps, jobId)
        app.log.info({ jobId, outcome }, 'AI transcription run ended')
        // Completed wrote the clerk's "transcript is ready" e-mail to the outbox: sent now (or by the next drain).
        if (outcome === 'completed') await app.outbox.drain()
      } catch (error) {
        const cause = failureCause(jobId, lastTry, error)
        app.log.warn({ jobId, err: error }, cause)
        // The job waits for staff: the cause goes on it as a staff-only note (`ops jobs`), never to the clerk.
        if (lastTry) await noteForStaff(app, jobId, cause)
        throw new Error(cause, { cause: error })
      }
    },
    { concurrency: setting.concurrency },
  )
  return true
}
