// What the transcribe-job worker reads about a job (transcription/transcribe-job.ts): the facts its
// transcript's heading shows, its audio files in order, and whether its AI draft note is there.
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { jobFiles, jobs, jobTypes, reportTypes, staffNotes } from '../db/schema.ts'

export const transcriptionJobsRepository = {
  /** The job's status and owner, and the names its transcript's heading shows; undefined when there is no such job. */
  async facts(db: Db, jobId: number) {
    const [row] = await db
      .select({ status: jobs.status, userId: jobs.userId, propertyAddress: jobs.propertyAddress, createdAt: jobs.createdAt, reportType: reportTypes.name, jobType: jobTypes.name })
      .from(jobs)
      .innerJoin(reportTypes, eq(reportTypes.id, jobs.reportTypeId))
      .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
      .where(eq(jobs.id, jobId))
    return row
  },

  /** The job's audio files in the order they were submitted, with their measured lengths. */
  async audioFiles(db: Db, jobId: number) {
    return db
      .select({ fileKey: jobFiles.fileKey, durationSeconds: jobFiles.durationSeconds })
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.kind, 'audio')))
      .orderBy(asc(jobFiles.id))
  },

  async hasStaffNote(db: Db, jobId: number, note: string): Promise<boolean> {
    const [row] = await db.select({ id: staffNotes.id }).from(staffNotes).where(and(eq(staffNotes.jobId, jobId), eq(staffNotes.note, note))).limit(1)
    return row !== undefined
  },
}
