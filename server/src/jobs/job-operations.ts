// What happens to a job after it is submitted: operators move it along its life cycle, add staff
// notes and attach transcripts; the clerk downloads the transcript and deletes finished jobs. Each
// change and the notification it sends the clerk commit together; files are removed only after the
// rows that name them are gone, so a failed request never loses a file a job still points to.
import type { Db } from '../db/database.ts'
import type { JobStatus } from '../db/schema.ts'
import { HttpError } from '../http-error.ts'
import { lockBalance } from '../money/ledger.ts'
import { refundJobCharge } from '../money/refund-job.ts'
import { queueCompletionMail } from './completion-mail.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { keepUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { FAILURE_REASON_MAX_LENGTH, isDeletable, moveProblem, refundNotification, statusNotification } from './life-cycle.ts'

export const JOB_MESSAGES = {
  notFound: (jobId: number) => `Job #${jobId} was not found.`,
  notesRequired: 'Please write the staff note.',
  noteTooLong: 'A staff note can be at most 2000 characters long.',
  noteAdded: (jobId: number, note: string) => `New staff note on job #${jobId}: ${note}`,
  transcriptAdded: (jobId: number, fileName: string) => `A transcript was added to job #${jobId}: ${fileName}`,
  transcriptNotYet: (jobId: number, status: JobStatus) =>
    `Job #${jobId} is ${status}; a transcript can be attached once the job is In Progress, Completed or Downloaded.`,
  deleted: (count: number) => `${count} job(s) deleted`,
  reasonRequired: (jobId: number) => `Moving job #${jobId} to Failed needs a reason the clerk can read (--reason "...").`,
  reasonTooLong: `A failure reason can be at most ${FAILURE_REASON_MAX_LENGTH} characters long.`,
  onlyWhenFailed: 'A reason and a refund go only with a move to Failed.',
  deleteNone: 'Please select at least one job to delete',
  deleteMissing: (ids: number[]) => `${ids.length === 1 ? 'Job' : 'Jobs'} ${ids.map((id) => `#${id}`).join(', ')} ${ids.length === 1 ? 'was' : 'were'} not found. Nothing was deleted.`,
  deleteNotFinished: (jobs: { id: number; status: JobStatus }[]) =>
    `Only Completed or Failed jobs can be deleted: ${jobs.map((job) => `job #${job.id} is ${job.status}`).join(', ')}. Nothing was deleted.`,
} as const

export const STAFF_NOTE_MAX_LENGTH = 2000

/** Statuses a transcript may be attached in: the work has started or is done. */
const TRANSCRIPT_STATUSES: readonly JobStatus[] = ['In Progress', 'Completed', 'Downloaded']

export interface MoveOptions {
  /** Why the job failed, in words the clerk reads: required for a move to Failed, refused with any other. */
  reason?: string
  /** Give the job's charge back (a move to Failed only; once per job). */
  refund?: boolean
  /** The portal's address: a move to Completed e-mails the clerk a link to it (through the outbox). */
  publicUrl?: string
}

export interface MoveResult {
  from: JobStatus
  to: JobStatus
  /** Credits given back by this move, in cents; null when none were. */
  refundedCents: number | null
}

/**
 * Moves a job one step along its life cycle and notifies its clerk, in one transaction. A move to
 * Failed keeps its reason and may refund the charge, all or nothing. A job already Failed may still
 * have its charge refunded (`move 13 failed --refund` after a move without it): its status and reason
 * stay, and a second refund is refused.
 */
export async function moveJob(db: Db, jobId: number, to: JobStatus, options: MoveOptions = {}): Promise<MoveResult> {
  const reason = options.reason?.trim() ?? ''
  const refund = options.refund === true
  if (to !== 'Failed' && (reason || refund)) throw new HttpError(400, JOB_MESSAGES.onlyWhenFailed)
  if (reason.length > FAILURE_REASON_MAX_LENGTH) throw new HttpError(400, JOB_MESSAGES.reasonTooLong)
  return db.transaction(async (tx) => {
    // A refund is a money move: the clerk is locked before the job, in the order every money move
    // takes them (a job's charge locks the clerk, then writes the job), so the two never deadlock.
    let balanceCents = 0
    if (refund) {
      const owner = await jobsRepository.findById(tx, jobId)
      if (!owner) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
      balanceCents = await lockBalance(tx, owner.userId)
    }
    const job = await jobsRepository.lockById(tx, jobId)
    if (!job) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
    if (refund && job.status === 'Failed' && to === 'Failed') {
      const refunded = await refundJobCharge(tx, job, balanceCents)
      await notificationsRepository.add(tx, job.userId, refundNotification(jobId, refunded.amountCents), jobId)
      return { from: job.status, to, refundedCents: refunded.amountCents }
    }
    const problem = moveProblem(job.status, to)
    if (problem) throw new HttpError(409, `Job #${jobId}: ${problem}`, 'job_state_conflict')
    if (to === 'Failed' && !reason) throw new HttpError(400, JOB_MESSAGES.reasonRequired(jobId))
    await jobsRepository.setStatus(tx, jobId, to, new Date(), to === 'Failed' ? reason : undefined)
    const refunded = refund ? await refundJobCharge(tx, job, balanceCents) : null
    await notificationsRepository.add(tx, job.userId, statusNotification(jobId, to, { reason, refundedCents: refunded?.amountCents }), jobId)
    if (to === 'Completed' && options.publicUrl !== undefined) await queueCompletionMail(tx, job, options.publicUrl)
    return { from: job.status, to, refundedCents: refunded?.amountCents ?? null }
  })
}

export async function addStaffNote(db: Db, jobId: number, text: string): Promise<void> {
  const note = text.trim()
  if (!note) throw new HttpError(400, JOB_MESSAGES.notesRequired)
  if (note.length > STAFF_NOTE_MAX_LENGTH) throw new HttpError(400, JOB_MESSAGES.noteTooLong)
  await db.transaction(async (tx) => {
    const job = await jobsRepository.lockById(tx, jobId)
    if (!job) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
    await jobsRepository.addStaffNote(tx, jobId, note)
    await notificationsRepository.add(tx, job.userId, JOB_MESSAGES.noteAdded(jobId, note), jobId)
  })
}

/**
 * Where a job's files live in storage: under its clerk, so erasing a clerk's folder takes them too.
 * `folder` is the job's id, or, for files stored before the job row exists, a random upload id.
 */
export function jobFolder(userId: string, folder: string | number, kind: 'audio' | 'template' | 'support' | 'transcript'): string {
  return `clerks/${userId}/jobs/${folder}/${kind}`
}

/**
 * Attaches a transcript to a job. `receive` streams and checks the file once the job is known to
 * accept one, without putting it at its key; it is committed last inside the transaction that writes
 * its row, and taken back on any failure, so no file ever sits at its key without a row naming it.
 */
export async function attachTranscript(
  db: Db,
  jobId: number,
  receive: (folder: string) => Promise<ReceivedUpload>,
): Promise<{ fileKey: string }> {
  const job = await jobsRepository.findById(db, jobId)
  if (!job) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
  if (!TRANSCRIPT_STATUSES.includes(job.status)) throw new HttpError(409, JOB_MESSAGES.transcriptNotYet(jobId, job.status), 'job_state_conflict')
  const received = await receive(jobFolder(job.userId, jobId, 'transcript'))
  await keepUpload(received, () =>
    db.transaction(async (tx) => {
      const locked = await jobsRepository.lockById(tx, jobId)
      if (!locked) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
      await jobsRepository.addFile(tx, jobId, { kind: 'transcript', fileKey: received.key, sizeBytes: received.size })
      await notificationsRepository.add(tx, locked.userId, JOB_MESSAGES.transcriptAdded(jobId, received.fileName), jobId)
      await received.commit()
    }),
  )
  return { fileKey: received.key }
}

/**
 * The clerk's first download of a transcript moves a Completed job to Downloaded (decisions.md, Jobs).
 * The row lock makes two downloads at once move it only once. The clerk is not notified: they did it
 * themself, and the list shows the new status (decisions.md, Hardening: dialogs and notifications).
 */
export async function markTranscriptDownloaded(db: Db, jobId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await jobsRepository.lockById(tx, jobId)
    if (!job || moveProblem(job.status, 'Downloaded') !== null) return false
    await jobsRepository.setStatus(tx, jobId, 'Downloaded')
    return true
  })
}

/**
 * Deletes the clerk's own Completed or Failed jobs, all or none: an unknown or another clerk's job (404)
 * or an unfinished one (400) refuses the whole request. Returns the answer's message.
 */
export async function deleteClerkJobs(db: Db, storage: FileStorage, userId: string, jobIds: number[]): Promise<string> {
  if (jobIds.length === 0) throw new HttpError(400, JOB_MESSAGES.deleteNone)
  const fileKeys = await db.transaction(async (tx) => {
    const { owned, fileKeys } = await jobsRepository.lockOwned(tx, userId, jobIds)
    const ownedIds = new Set(owned.map((job) => job.id))
    const missing = jobIds.filter((id) => !ownedIds.has(id))
    if (missing.length > 0) throw new HttpError(404, JOB_MESSAGES.deleteMissing(missing))
    const unfinished = owned.filter((job) => !isDeletable(job.status))
    if (unfinished.length > 0) throw new HttpError(400, JOB_MESSAGES.deleteNotFinished(unfinished), 'jobs_not_finished')
    await jobsRepository.deleteByIds(tx, jobIds)
    return fileKeys
  })
  // After the commit: a file is only removed once no job refers to it.
  await Promise.all(fileKeys.map((key) => storage.remove(key)))
  return JOB_MESSAGES.deleted(jobIds.length)
}
