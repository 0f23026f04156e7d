// What happens to a job after it is submitted: operators move it along its life cycle, add staff
// notes and attach transcripts; the clerk downloads the transcript and deletes finished jobs. Each
// change and the notification it sends the clerk commit together; files are removed only after the
// rows that name them are gone, so a failed request never loses a file a job still points to.
import type { Db } from '../db/database.ts'
import type { JobStatus } from '../db/schema.ts'
import { HttpError } from '../http-error.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { keepUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { isDeletable, moveProblem, statusNotification } from './life-cycle.ts'

export const JOB_MESSAGES = {
  notFound: (jobId: number) => `Job #${jobId} was not found.`,
  notesRequired: 'Please write the staff note.',
  noteTooLong: 'A staff note can be at most 2000 characters long.',
  noteAdded: (jobId: number, note: string) => `New staff note on job #${jobId}: ${note}`,
  transcriptAdded: (jobId: number, fileName: string) => `A transcript was added to job #${jobId}: ${fileName}`,
  transcriptNotYet: (jobId: number, status: JobStatus) =>
    `Job #${jobId} is ${status}; a transcript can be attached once the job is In Progress, Completed or Downloaded.`,
  deleted: (count: number) => `${count} job(s) deleted`,
  deleteNone: 'Please select at least one job to delete',
  deleteMissing: (ids: number[]) => `${ids.length === 1 ? 'Job' : 'Jobs'} ${ids.map((id) => `#${id}`).join(', ')} ${ids.length === 1 ? 'was' : 'were'} not found. Nothing was deleted.`,
  deleteNotFinished: (jobs: { id: number; status: JobStatus }[]) =>
    `Only Completed or Failed jobs can be deleted: ${jobs.map((job) => `job #${job.id} is ${job.status}`).join(', ')}. Nothing was deleted.`,
} as const

export const STAFF_NOTE_MAX_LENGTH = 2000

/** Statuses a transcript may be attached in: the work has started or is done. */
const TRANSCRIPT_STATUSES: readonly JobStatus[] = ['In Progress', 'Completed', 'Downloaded']

export async function moveJob(db: Db, jobId: number, to: JobStatus): Promise<{ from: JobStatus; to: JobStatus }> {
  return db.transaction(async (tx) => {
    const job = await jobsRepository.lockById(tx, jobId)
    if (!job) throw new HttpError(404, JOB_MESSAGES.notFound(jobId))
    const problem = moveProblem(job.status, to)
    if (problem) throw new HttpError(409, `Job #${jobId}: ${problem}`, 'job_state_conflict')
    await jobsRepository.setStatus(tx, jobId, to)
    await notificationsRepository.add(tx, job.userId, statusNotification(jobId, to), jobId)
    return { from: job.status, to }
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
