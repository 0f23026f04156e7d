// Jobs and what hangs off them; the list's read is in dashboard-rows.ts. Every write here that changes
// what the clerk's list shows also renews the clerk's list stamp (users.job_list_stamp) in the same
// transaction: the list's ETag is made from it, so a write that forgot it would leave a stale list.
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import type { DashboardJob } from '@contract/jobs.ts'
import type { Db } from '../db/database.ts'
import { jobFiles, jobs, jobStatusHistory, jobTypes, staffNotes, users, type JobStatus } from '../db/schema.ts'
import { dashboardIds, dashboardRows } from './dashboard-rows.ts'

export type JobFileKind = (typeof jobFiles.kind.enumValues)[number]

export interface NewJobFile {
  kind: JobFileKind
  fileKey: string
  sizeBytes: number
  durationSeconds?: string
}

/** A job as the operator command line lists it. */
export interface OpsJob {
  jobId: number
  clerkEmail: string
  propertyAddress: string
  status: JobStatus
  jobType: string
  createdAt: string
  slaDeadline: string
  transcripts: number
  /** Notes for staff alone (an AI draft waiting, an engine's failure), oldest first. */
  staffOnlyNotes: string[]
}

export interface NewJob {
  userId: string
  propertyAddress: string
  reportTypeId: number
  jobTypeId: number
  slaSlotId: number
  /** Credits charged, in whole cents. */
  costCents: number
  priority?: 'Normal' | 'High'
  audioDurationSeconds: string
  remarks?: string
  slaDeadline: Date
  /** The portal's id for the submit (unique per clerk), so a retried submit finds this job. */
  clientRequestId?: string
  createdAt?: Date
  files?: NewJobFile[]
}

/** A job written whole at once (demo jobs): its status, history and staff notes already decided. */
export interface WholeJob extends NewJob {
  status: JobStatus
  /** A Failed job's reason. */
  failureReason?: string
  updatedAt: Date
  history: { status: JobStatus; at: Date }[]
  notes: { note: string; at: Date }[]
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with a job's 15 columns. */
const INSERT_BATCH = 1000

/** `rows` in batches of INSERT_BATCH. */
function batches<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let first = 0; first < rows.length; first += INSERT_BATCH) out.push(rows.slice(first, first + INSERT_BATCH))
  return out
}

/** Gives these clerks a new list stamp (users.job_list_stamp); inside the transaction that changes their jobs. */
async function renewListStamps(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return
  await db
    .update(users)
    .set({ jobListStamp: sql`gen_random_uuid()` })
    .where(inArray(users.id, [...new Set(userIds)]))
}

export const jobsRepository = {
  /** Inserts a job in status Submitted with its files and first history row; call inside the charge's transaction. */
  async create(db: Db, job: NewJob): Promise<number> {
    const createdAt = job.createdAt ?? new Date()
    const [row] = await db
      .insert(jobs)
      .values({ ...job, createdAt, updatedAt: createdAt, status: 'Submitted' })
      .returning({ id: jobs.id })
    const jobId = row!.id
    await db.insert(jobStatusHistory).values({ jobId, status: 'Submitted', changedAt: createdAt })
    if (job.files?.length) await db.insert(jobFiles).values(job.files.map((file) => ({ ...file, jobId })))
    await renewListStamps(db, [job.userId])
    return jobId
  },

  /**
   * Inserts whole jobs with their files, history and notes in a few multi-row INSERTs (thousands of
   * demo jobs in one call); call inside a transaction. Returns their ids in the order given.
   */
  async insertWhole(db: Db, whole: WholeJob[]): Promise<number[]> {
    const ids: number[] = []
    for (const batch of batches(whole)) {
      const rows = batch.map(({ files: _files, history: _history, notes: _notes, createdAt, ...job }) => ({ ...job, createdAt: createdAt ?? new Date() }))
      // A multi-row INSERT ... RETURNING answers its rows in the order of its VALUES.
      const inserted = await db.insert(jobs).values(rows).returning({ id: jobs.id })
      ids.push(...inserted.map((row) => row.id))
    }
    const byJob = <T>(pick: (job: WholeJob, jobId: number) => T[]) => whole.flatMap((job, index) => pick(job, ids[index]!))
    const files = byJob((job, jobId) => (job.files ?? []).map((file) => ({ ...file, jobId })))
    const history = byJob((job, jobId) => job.history.map(({ status, at }) => ({ jobId, status, changedAt: at })))
    const notes = byJob((job, jobId) => job.notes.map(({ note, at }) => ({ jobId, note, createdAt: at })))
    for (const batch of batches(files)) await db.insert(jobFiles).values(batch)
    for (const batch of batches(history)) await db.insert(jobStatusHistory).values(batch)
    for (const batch of batches(notes)) await db.insert(staffNotes).values(batch)
    await renewListStamps(db, whole.map((job) => job.userId))
    return ids
  },

  /**
   * Adds a job's files while it is being created (inside its transaction), in the order given. The list
   * stamp is not renewed here: the only caller (create-job's beforeCommit) runs in the transaction of
   * `create`, which renewed the owner's stamp, so no reader can see the files without the new stamp.
   */
  async addFiles(db: Db, jobId: number, files: NewJobFile[]): Promise<void> {
    if (files.length === 0) return
    await db.insert(jobFiles).values(files.map((file) => ({ ...file, jobId })))
  },

  /** The clerk's jobs created from `start` to `end` (both included), newest first, as the list reads them. */
  async dashboard(db: Db, userId: string, start: Date, end: Date): Promise<DashboardJob[]> {
    return dashboardRows(db, and(eq(jobs.userId, userId), gte(jobs.createdAt, start), lte(jobs.createdAt, end))!)
  },

  /** The ids of the clerk's jobs in the range, in the list's order: the streamed list's pages (dashboard-stream.ts). */
  async dashboardIds(db: Db, userId: string, start: Date, end: Date): Promise<number[]> {
    return dashboardIds(db, and(eq(jobs.userId, userId), gte(jobs.createdAt, start), lte(jobs.createdAt, end))!)
  },

  /** One page of the list: those of the clerk's jobs (a job deleted since is left out), in the list's order. */
  async dashboardPage(db: Db, userId: string, jobIds: number[]): Promise<DashboardJob[]> {
    return dashboardRows(db, and(eq(jobs.userId, userId), inArray(jobs.id, jobIds))!)
  },

  /**
   * The clerk's job list stamp (undefined for an unknown clerk). Read it BEFORE the list it describes: a
   * change that lands between the two then costs one more full answer, never a stale 304.
   */
  async listStamp(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ stamp: users.jobListStamp }).from(users).where(eq(users.id, userId))
    return row?.stamp
  },

  /** One of the clerk's own jobs, whenever created, as the list reads it; undefined when it is not theirs or not there. */
  async ownedDashboardJob(db: Db, userId: string, jobId: number): Promise<DashboardJob | undefined> {
    const [job] = await dashboardRows(db, and(eq(jobs.userId, userId), eq(jobs.id, jobId))!)
    return job
  },

  /** Moves the job to `status`; a move to Failed keeps its `failureReason` (the clerk's words for why). */
  async setStatus(db: Db, jobId: number, status: JobStatus, at = new Date(), failureReason?: string): Promise<void> {
    const owners = await db
      .update(jobs)
      .set({ status, updatedAt: at, ...(failureReason !== undefined && { failureReason }) })
      .where(eq(jobs.id, jobId))
      .returning({ userId: jobs.userId })
    await db.insert(jobStatusHistory).values({ jobId, status, changedAt: at })
    await renewListStamps(db, owners.map((owner) => owner.userId))
  },

  async addStaffNote(db: Db, jobId: number, note: string, at = new Date()): Promise<void> {
    await db.insert(staffNotes).values({ jobId, note, createdAt: at })
    const owners = await db.update(jobs).set({ updatedAt: at }).where(eq(jobs.id, jobId)).returning({ userId: jobs.userId })
    await renewListStamps(db, owners.map((owner) => owner.userId))
  },

  /** A note for staff alone: the clerk's answers never hold it (dashboard-rows.ts), and the job's clerk-facing time is left alone. */
  async addStaffOnlyNote(db: Db, jobId: number, note: string, at = new Date()): Promise<void> {
    await db.insert(staffNotes).values({ jobId, note, createdAt: at, staffOnly: true })
  },


  /** The clerk's job made by the submit with this client request id, if there is one. */
  async findByClientRequest(db: Db, userId: string, clientRequestId: string) {
    const [row] = await db.select().from(jobs).where(and(eq(jobs.userId, userId), eq(jobs.clientRequestId, clientRequestId)))
    return row
  },

  async findById(db: Db, jobId: number) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId))
    return row
  },

  /** The job, locked for the rest of the transaction (status moves read and write it). */
  async lockById(db: Db, jobId: number) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId)).for('update')
    return row
  },

  /** The job a stored file belongs to, when that file is of `kind` and the job is `userId`'s. */
  async fileOwner(db: Db, userId: string, kind: JobFileKind, fileKey: string) {
    const [row] = await db
      .select({ jobId: jobs.id, status: jobs.status })
      .from(jobFiles)
      .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
      .where(and(eq(jobFiles.fileKey, fileKey), eq(jobFiles.kind, kind), eq(jobs.userId, userId)))
    return row
  },

  async addFile(db: Db, jobId: number, file: NewJobFile, at = new Date()): Promise<void> {
    await db.insert(jobFiles).values({ ...file, jobId, createdAt: at })
    const owners = await db.update(jobs).set({ updatedAt: at }).where(eq(jobs.id, jobId)).returning({ userId: jobs.userId })
    await renewListStamps(db, owners.map((owner) => owner.userId))
  },

  /** The clerk's jobs among `jobIds`, locked until the transaction ends, with their file keys. */
  async lockOwned(db: Db, userId: string, jobIds: number[]) {
    const owned = await db
      .select({ id: jobs.id, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), inArray(jobs.id, jobIds)))
      .orderBy(asc(jobs.id))
      .for('update')
    if (owned.length === 0) return { owned, fileKeys: [] as string[] }
    const files = await db.select({ fileKey: jobFiles.fileKey }).from(jobFiles).where(inArray(jobFiles.jobId, owned.map((job) => job.id)))
    return { owned, fileKeys: files.map((file) => file.fileKey) }
  },

  /** Deletes jobs; their files, history and notes go with them (ON DELETE CASCADE). */
  async deleteByIds(db: Db, jobIds: number[]): Promise<void> {
    if (jobIds.length === 0) return
    const owners = await db.delete(jobs).where(inArray(jobs.id, jobIds)).returning({ userId: jobs.userId })
    await renewListStamps(db, owners.map((owner) => owner.userId))
  },

  /** Newest first, for operators: optionally one clerk's (by e-mail) or one status. */
  /** Newest first; with `late`, only the jobs in those statuses past their deadline at that time, most overdue first. */
  async listForOps(db: Db, filter: { clerkEmail?: string; status?: JobStatus; late?: { at: Date; statuses: readonly JobStatus[] }; limit: number }): Promise<OpsJob[]> {
    const transcripts = db
      .select({ jobId: jobFiles.jobId, count: sql<number>`count(*)::int`.as('count') })
      .from(jobFiles)
      .where(eq(jobFiles.kind, 'transcript'))
      .groupBy(jobFiles.jobId)
      .as('transcripts')
    const rows = await db
      .select({ job: jobs, email: users.email, jobType: jobTypes.name, transcripts: transcripts.count })
      .from(jobs)
      .innerJoin(users, eq(users.id, jobs.userId))
      .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
      .leftJoin(transcripts, eq(transcripts.jobId, jobs.id))
      .where(
        and(
          filter.clerkEmail ? sql`lower(${users.email}) = ${filter.clerkEmail.toLowerCase()}` : undefined,
          filter.status ? eq(jobs.status, filter.status) : undefined,
          filter.late ? and(lt(jobs.slaDeadline, filter.late.at), inArray(jobs.status, [...filter.late.statuses])) : undefined,
        ),
      )
      .orderBy(...(filter.late ? [asc(jobs.slaDeadline), asc(jobs.id)] : [desc(jobs.createdAt), desc(jobs.id)]))
      .limit(filter.limit)
    const notesByJob = new Map<number, string[]>()
    const ids = rows.map((row) => row.job.id)
    if (ids.length > 0) {
      const notes = await db
        .select({ jobId: staffNotes.jobId, note: staffNotes.note })
        .from(staffNotes)
        .where(and(inArray(staffNotes.jobId, ids), eq(staffNotes.staffOnly, true)))
        .orderBy(asc(staffNotes.createdAt), asc(staffNotes.id))
      for (const { jobId, note } of notes) notesByJob.set(jobId, [...(notesByJob.get(jobId) ?? []), note])
    }
    return rows.map(({ job, email, jobType, transcripts: count }) => ({
      jobId: job.id,
      clerkEmail: email,
      propertyAddress: job.propertyAddress,
      status: job.status,
      jobType,
      createdAt: job.createdAt.toISOString(),
      slaDeadline: job.slaDeadline.toISOString(),
      transcripts: count ?? 0,
      staffOnlyNotes: notesByJob.get(job.id) ?? [],
    }))
  },
}
