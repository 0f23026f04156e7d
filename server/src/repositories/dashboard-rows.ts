// The job list's read: the jobs a condition picks, in the shape of a dashboard row (portal-spec.md §3),
// in three queries whatever the number of jobs: the jobs with their lookups, then all their files,
// then all their staff notes.
import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import type { DashboardJob } from '@contract/jobs.ts'
import { centsToCredits } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { jobFiles, jobs, jobTypes, reportTypes, slaSlots, staffNotes } from '../db/schema.ts'

/**
 * The ids of the jobs that `where` picks, in the list's order (newest first). The streamed list reads
 * its rows a page of these ids at a time (jobs/dashboard-stream.ts).
 */
export async function dashboardIds(db: Db, where: SQL): Promise<number[]> {
  const rows = await db.select({ id: jobs.id }).from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id))
  return rows.map((row) => row.id)
}

/** The jobs that `where` picks (a condition on `jobs`), newest first, in the shape of a dashboard row. */
export async function dashboardRows(db: Db, where: SQL): Promise<DashboardJob[]> {
  const rows = await db
    // Only the columns the list shows: on the embedded database every column of 5,000 rows costs.
    .select({
      job: {
        id: jobs.id,
        propertyAddress: jobs.propertyAddress,
        createdAt: jobs.createdAt,
        updatedAt: jobs.updatedAt,
        slaDeadline: jobs.slaDeadline,
        priority: jobs.priority,
        audioDurationSeconds: jobs.audioDurationSeconds,
        costCents: jobs.costCents,
        status: jobs.status,
        remarks: jobs.remarks,
        failureReason: jobs.failureReason,
      },
      reportType: reportTypes.name,
      jobType: jobTypes.name,
      slaSlot: slaSlots.name,
    })
    .from(jobs)
    .innerJoin(reportTypes, eq(reportTypes.id, jobs.reportTypeId))
    .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .innerJoin(slaSlots, eq(slaSlots.id, jobs.slaSlotId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
  if (rows.length === 0) return []

  const files = await db
    .select({ jobId: jobFiles.jobId, kind: jobFiles.kind, fileKey: jobFiles.fileKey })
    .from(jobFiles)
    .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
    .where(where)
    .orderBy(asc(jobFiles.id))
  const notes = await db
    .select({ jobId: staffNotes.jobId, note: staffNotes.note, createdAt: staffNotes.createdAt })
    .from(staffNotes)
    .innerJoin(jobs, eq(jobs.id, staffNotes.jobId))
    // Staff-only notes (an AI draft waiting, an engine's failure) never reach a clerk's answer.
    .where(and(where, eq(staffNotes.staffOnly, false)))
    .orderBy(asc(staffNotes.createdAt), asc(staffNotes.id))

  const byJob = new Map<number, DashboardJob>()
  for (const { job, reportType, jobType, slaSlot } of rows) {
    byJob.set(job.id, {
      job_id: job.id,
      property_address: job.propertyAddress,
      created_at: job.createdAt.toISOString(),
      updated_at: job.updatedAt.toISOString(),
      sla_deadline: job.slaDeadline.toISOString(),
      priority: job.priority,
      audio_duration: Number(job.audioDurationSeconds),
      cost: centsToCredits(job.costCents),
      audio_files: [],
      template_files: [],
      support_files: [],
      transcript_files: [],
      report_type: { name: reportType },
      job_type: { name: jobType },
      sla_slot: { name: slaSlot },
      job_status: { status: job.status },
      remarks: job.remarks,
      failure_reason: job.failureReason,
      staff_note: [],
    })
  }
  for (const file of files) byJob.get(file.jobId)?.[`${file.kind}_files`].push(file.fileKey)
  for (const note of notes) byJob.get(note.jobId)?.staff_note.push({ note: note.note, created_at: note.createdAt.toISOString() })
  return [...byJob.values()]
}
