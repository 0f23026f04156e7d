// A job as the job list reads it (portal-spec.md §3, "Job (as read from the list)").
import { Type, type Static } from 'typebox'
import { RowId, TimeMs } from './input-rules.ts'

export const JobStatusName = Type.Union([
  Type.Literal('Submitted'),
  Type.Literal('Scheduled'),
  Type.Literal('In Progress'),
  Type.Literal('Completed'),
  Type.Literal('Downloaded'),
  Type.Literal('Failed'),
])
export type JobStatusName = Static<typeof JobStatusName>

const Named = Type.Object({ name: Type.String() })

export const DashboardJob = Type.Object({
  job_id: Type.Integer(),
  property_address: Type.String(),
  /** ISO 8601 times. */
  created_at: Type.String(),
  updated_at: Type.String(),
  /** Always set by the server; the portal still reads a missing one as "Not specified" (spec §2). */
  sla_deadline: Type.String(),
  priority: Type.String(),
  /** Total audio length in seconds. */
  audio_duration: Type.Number(),
  /** Credits charged. */
  cost: Type.Number(),
  /** Storage paths; download from /files/10|11|12|13/{path}. The last segment is the file's name. */
  audio_files: Type.Array(Type.String()),
  template_files: Type.Array(Type.String()),
  support_files: Type.Array(Type.String()),
  transcript_files: Type.Array(Type.String()),
  report_type: Named,
  job_type: Named,
  sla_slot: Named,
  job_status: Type.Object({ status: Type.String() }),
  /** What the clerk wrote with the job at submit ("" when nothing). */
  remarks: Type.String(),
  /** Why staff moved the job to Failed; null unless it is Failed (and for jobs failed before a reason was kept). */
  failure_reason: Type.Union([Type.String(), Type.Null()]),
  staff_note: Type.Array(Type.Object({ note: Type.String(), created_at: Type.String() })),
})
export type DashboardJob = Static<typeof DashboardJob>

/** The most jobs a `limit` may ask for. */
export const DASHBOARD_LIMIT_MAX = 100

export const DashboardQuery = Type.Object({
  /** ms timestamps, inclusive, from 1970 to the end of year 9999. */
  start: TimeMs(),
  end: TimeMs(),
  /**
   * This portal's own addition (the spec's call has none): `X-Total-Count` says how many jobs the range
   * holds, and when that is more than `limit`, the answer lists only the newest `limit` of them, with
   * no ETag; otherwise it is the whole list as without a limit, ETag included. My Jobs draws its first
   * pages from it while the whole list is on its way (docs/decisions/first-page-first.md).
   */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DASHBOARD_LIMIT_MAX })),
})
export type DashboardQuery = Static<typeof DashboardQuery>

export const DashboardResponse = Type.Array(DashboardJob)

/** The header of an answer to a call with a `limit`: how many jobs the range holds, however many the answer lists. */
export const TOTAL_COUNT_HEADER = 'x-total-count'

/**
 * GET /clerk/dashboard answers with a weak ETag (and `Cache-Control: private, no-cache`); sent back as
 * If-None-Match while nothing in the clerk's list changed, the answer is 304 with no body at all (not
 * even a JSON null: a Content-Length of 4 on a 304 hangs clients that believe it).
 */
export const DashboardNotModified = Type.Unsafe<undefined>({ description: '304 Not Modified: no body' })

/**
 * GET /clerk/jobs/:jobId (this portal's own call; the spec names none): one of the clerk's own jobs,
 * whenever created, as a dashboard row. Another clerk's job or an unknown id is a 404 "Not found".
 */
export const ClerkJobParams = Type.Object({ jobId: RowId() })
export type ClerkJobParams = Static<typeof ClerkJobParams>

/** DELETE or POST /clerk/delete-jobs (portal-spec.md §7 gives both readings; the server takes both). */
export const DeleteJobsBody = Type.Object({
  job_ids: Type.Array(RowId(), { maxItems: 500, uniqueItems: true }),
})
export type DeleteJobsBody = Static<typeof DeleteJobsBody>

/** "{n} job(s) deleted" on success; a refusal (none listed, not found, not finished) is a 400 or 404 `{detail}` and deletes nothing. */
export const DeleteJobsResponse = Type.Object({ message: Type.String() })
export type DeleteJobsResponse = Static<typeof DeleteJobsResponse>
