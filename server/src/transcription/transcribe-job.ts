// The life of an AI job (docs/decisions/ai-job-life.md): the `transcribe-job` queue's handler. It moves
// the job Submitted -> Scheduled -> In Progress, sends its audio to the engine, and attaches the
// transcript (.docx and .txt) as it moves the job to Completed; an AI + Proofreading job instead stays
// In Progress with a staff note and its draft kept for staff. The handler may run twice for one job (a
// process killed mid-transcription, pg-boss retrying after expiry, two processes after a lost lock):
// every move is guarded by the job's status read under its row lock, so each move, its notification
// and the transcript happen once. Nothing here charges: the charge was taken at submit (create-job.ts).
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Db } from '../db/database.ts'
import type { JobStatus } from '../db/schema.ts'
import { queueCompletionMail } from '../jobs/completion-mail.ts'
import { jobFolder } from '../jobs/job-operations.ts'
import { statusNotification } from '../jobs/life-cycle.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { transcriptionJobsRepository } from '../repositories/transcription-jobs-repository.ts'
import type { FileStorage, PendingUpload } from '../storage/file-storage.ts'
import { joinedAt, transcribeRecording, type PieceRetry } from './transcribe-recording.ts'
import { transcriptDocx, transcriptText, type TranscriptHeading } from './transcript-document.ts'
import type { TranscriptionEngine, TranscriptSegment } from './transcription-engine.ts'

/** The staff note an AI + Proofreading job gets once its AI pass is done (issue 26). */
export const AI_DRAFT_NOTE = 'AI draft ready for proofreading'
export const PROOFREADING_JOB_TYPE = 'AI + Proofreading'
/** As large as a transcript staff may attach (ops.ts): an hour's text is well under 1 MB. */
const TRANSCRIPT_MAX_BYTES = 50 * 1024 * 1024

/**
 * Where an AI + Proofreading job's draft is kept for staff. A job file has no staff-only flag, and a
 * clerk downloads only files a job_files row names, so the draft gets no row. It sits in the job's own
 * folder, under the clerk's, so erasing the clerk's account erases it too.
 */
export function staffDraftFolder(userId: string, jobId: number): string {
  return `clerks/${userId}/jobs/${jobId}/staff-draft`
}

export interface TranscribeJobDeps {
  db: Db
  storage: FileStorage
  engine: TranscriptionEngine
  /** The job's pieces and the engine's answers live in `{workRoot}/{jobId}` between tries; removed once the job is done. */
  workRoot: string
  /** Tests shorten the waits between a piece's tries. */
  pieceRetry?: PieceRetry
  /** The portal's address, linked from the clerk's "transcript is ready" e-mail. */
  publicUrl: string
}

/** What a run did, for the log and the tests. */
export type TranscribeOutcome = 'completed' | 'draft-kept' | 'already-done' | 'not-found'

export async function transcribeJob(deps: TranscribeJobDeps, jobId: number): Promise<TranscribeOutcome> {
  const { db } = deps
  // Race: a second run (a redelivery, another process) finds the job already moved and moves nothing.
  if ((await moveIfAt(db, jobId, 'Submitted', 'Scheduled')) === 'not-found') return 'not-found'
  await moveIfAt(db, jobId, 'Scheduled', 'In Progress')
  const job = await transcriptionJobsRepository.facts(db, jobId)
  // Race: a run that finished first (or staff who moved the job by hand) leaves nothing to do.
  if (!job || job.status !== 'In Progress') return 'already-done'
  const proofreading = job.jobType === PROOFREADING_JOB_TYPE
  if (proofreading && (await transcriptionJobsRepository.hasStaffNote(db, jobId, AI_DRAFT_NOTE))) return 'already-done'

  // Each run has its own folder: two runs at once (a redelivery after expiry while the first still
  // works) would otherwise split over each other's pieces. A retry starts again from the audio.
  const jobDir = path.join(deps.workRoot, String(jobId))
  const workDir = path.join(jobDir, randomUUID())
  let segments: TranscriptSegment[]
  try {
    segments = await transcribeAudio(deps, jobId, workDir)
  } catch (error) {
    await rm(workDir, { recursive: true, force: true })
    // Race: another run finished the job (and removed the work folders) while this one worked.
    if ((await jobsRepository.findById(db, jobId))?.status !== 'In Progress') return 'already-done'
    throw error
  }
  const heading: TranscriptHeading = { propertyAddress: job.propertyAddress, reportType: job.reportType, jobId, date: job.createdAt }
  const documents = [
    { fileName: `transcript-job-${jobId}.docx`, bytes: await transcriptDocx(heading, segments) },
    { fileName: `transcript-job-${jobId}.txt`, bytes: Buffer.from(transcriptText(heading, segments), 'utf8') },
  ]
  const outcome = proofreading ? await keepDraft(deps, jobId, job.userId, documents) : await attachAndComplete(deps, jobId, job.userId, documents)
  // The job has its transcript (or draft): every run's folder goes, a killed process's included. A
  // second run still writing its pieces meanwhile makes a folder not empty for a moment (ENOTEMPTY):
  // retried, and never a reason to fail a job that is done (that run removes its own folder as it stops).
  await rm(outcome === 'already-done' ? workDir : jobDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined)
  return outcome
}

/**
 * Moves the job from `from` to `to` and notifies its clerk exactly as an operator's move does, in one
 * transaction, only when the job is at `from` under its row lock. Answers whether it moved.
 */
async function moveIfAt(db: Db, jobId: number, from: JobStatus, to: JobStatus): Promise<'moved' | 'not-at' | 'not-found'> {
  return db.transaction(async (tx) => {
    const job = await jobsRepository.lockById(tx, jobId)
    if (!job) return 'not-found'
    if (job.status !== from) return 'not-at'
    await jobsRepository.setStatus(tx, jobId, to)
    await notificationsRepository.add(tx, job.userId, statusNotification(jobId, to), jobId)
    return 'moved'
  })
}

/** Every audio file of the job in its order, transcribed, the later files' times following the earlier ones'. */
async function transcribeAudio(deps: TranscribeJobDeps, jobId: number, workDir: string): Promise<TranscriptSegment[]> {
  const audio = await transcriptionJobsRepository.audioFiles(deps.db, jobId)
  const all: TranscriptSegment[] = []
  let offset = 0
  for (const [index, file] of audio.entries()) {
    const segments = await deps.storage.withLocalFile(file.fileKey, (filePath) =>
      transcribeRecording({ engine: deps.engine, filePath, fileName: path.basename(file.fileKey), workDir: path.join(workDir, String(index)), retry: deps.pieceRetry }),
    )
    all.push(...joinedAt(offset, segments))
    offset += Number(file.durationSeconds ?? 0)
  }
  return all
}

interface TranscriptDocument {
  fileName: string
  bytes: Buffer
}

/**
 * Writes the transcripts and, in one transaction, names them on the job, moves it to Completed and
 * commits the files last (as attachTranscript does): no file sits at its key without a row naming it.
 * Race: two runs that both transcribed write under their own random folders; the one that takes the
 * row lock second finds the job Completed, writes no row, and its files are discarded.
 */
async function attachAndComplete(deps: TranscribeJobDeps, jobId: number, userId: string, documents: TranscriptDocument[]): Promise<TranscribeOutcome> {
  return withWritten(deps.storage, `${jobFolder(userId, jobId, 'transcript')}/${randomUUID()}`, documents, (written) =>
    deps.db.transaction(async (tx) => {
      const job = await jobsRepository.lockById(tx, jobId)
      if (!job || job.status !== 'In Progress') return 'already-done'
      for (const file of written) await jobsRepository.addFile(tx, jobId, { kind: 'transcript', fileKey: file.upload.key, sizeBytes: file.size })
      await jobsRepository.setStatus(tx, jobId, 'Completed')
      await notificationsRepository.add(tx, job.userId, statusNotification(jobId, 'Completed'), jobId)
      await queueCompletionMail(tx, job, deps.publicUrl)
      for (const file of written) await file.upload.commit()
      return 'completed'
    }),
  )
}

/**
 * Keeps an AI + Proofreading job's draft for staff (staffDraftFolder: no row, so no clerk download) and
 * adds the staff-only note (`ops jobs` shows it; no clerk answer or notification does). Race: the note is the guard; a second run finding it keeps no second draft.
 */
async function keepDraft(deps: TranscribeJobDeps, jobId: number, userId: string, documents: TranscriptDocument[]): Promise<TranscribeOutcome> {
  return withWritten(deps.storage, `${staffDraftFolder(userId, jobId)}/${randomUUID()}`, documents, (written) =>
    deps.db.transaction(async (tx) => {
      const job = await jobsRepository.lockById(tx, jobId)
      if (!job || job.status !== 'In Progress' || (await transcriptionJobsRepository.hasStaffNote(tx, jobId, AI_DRAFT_NOTE))) return 'already-done'
      // For staff alone: the clerk sees neither the note nor a notification of it (their job is In Progress).
      await jobsRepository.addStaffOnlyNote(tx, jobId, AI_DRAFT_NOTE)
      for (const file of written) await file.upload.commit()
      return 'draft-kept'
    }),
  )
}

/** Writes each document as a pending upload under `folder`, runs `use`, and discards whatever `use` did not commit. */
async function withWritten<T>(storage: FileStorage, folder: string, documents: TranscriptDocument[], use: (written: { upload: PendingUpload; size: number }[]) => Promise<T>): Promise<T> {
  const written: { upload: PendingUpload; size: number }[] = []
  try {
    for (const document of documents) {
      const upload = await storage.beginUpload(`${folder}/${document.fileName}`, { maxBytes: TRANSCRIPT_MAX_BYTES })
      written.push({ upload, size: 0 })
      written.at(-1)!.size = (await upload.write(Readable.from([document.bytes]))).size
    }
    return await use(written)
  } finally {
    // After a commit, discard does nothing; a transaction that failed after committing some files is
    // not possible here: the commits are its last statements.
    await Promise.all(written.map((file) => file.upload.discard()))
  }
}
