// GET /clerk/dashboard (portal-spec.md §7): the clerk's jobs created in a range of days, refreshed
// silently every 60 s except while a dialog is open (§2, §9). Every jobs query key starts with 'jobs',
// which is what the offline copy (src/app/query-persistence.tsx) keeps and what a deletion invalidates.
// The query holds the list with the ETag it came with (so does the offline copy): each refresh sends it
// as If-None-Match, and a 304 keeps the very same data, with nothing parsed and nothing re-rendered.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiRequestIfChanged } from '@/lib/api-client'
import type { RangeMs } from '../lib/date-range'
import { JobListAnswer, type JobAnswer } from '../lib/job-answer'
import { takeEarlyWholeList } from './early-dashboard'

export const JOBS_REFRESH_MS = 60_000

export const jobKeys = {
  all: ['jobs'] as const,
  dashboards: ['jobs', 'dashboard'] as const,
  dashboard: (startMs: number, endMs: number) => ['jobs', 'dashboard', startMs, endMs] as const,
  /** One job asked for by id (get-job.ts). */
  job: (jobId: number) => ['jobs', 'job', jobId] as const,
}

/** A range's list as the query holds it: the jobs and the ETag of the answer they came in. */
export interface DashboardData {
  jobs: JobAnswer[]
  /** null when the server sent none: the next refresh then asks for the whole list. */
  etag: string | null
}

/**
 * The jobs created from `startMs` to `endMs` (both included), newest first; an answer that is not a
 * list of jobs fails ('invalid-answer'). With `held`, asks only whether it changed: unchanged (304),
 * `held` itself comes back. The first call of a document loaded at My Jobs may get the answer to the
 * request its entry sent, when that held the whole range (early-dashboard.ts): current whatever is held.
 * A whole list is read by a worker: about 5 MB of JSON for a clerk with 5,000 jobs (read-in-worker.ts).
 */
export async function getDashboard({ startMs, endMs }: RangeMs, held?: DashboardData, signal?: AbortSignal): Promise<DashboardData> {
  const answer =
    takeEarlyWholeList({ startMs, endMs }) ??
    (await apiRequestIfChanged('/clerk/dashboard', held?.etag ?? null, { query: { start: startMs, end: endMs }, signal, schema: JobListAnswer, offMainThread: true }))
  if (answer.modified) return { jobs: answer.answer, etag: answer.etag }
  if (held) return held
  // A 304 to a request that named no copy: nothing to keep.
  throw new ApiError({ kind: 'invalid-answer', status: 304, message: 'The server’s answer could not be read' })
}

export const getDashboardQueryOptions = (range: RangeMs) =>
  queryOptions({
    queryKey: jobKeys.dashboard(range.startMs, range.endMs),
    queryFn: ({ signal, client, queryKey }) => getDashboard(range, client.getQueryData<DashboardData>(queryKey), signal),
    // Read again whenever the list mounts: a copy restored from the device after a reload is never
    // taken as current, however recent.
    staleTime: 0,
  })

/** Stable, so a kept answer gives the same list and nothing below it renders again. */
const jobsOf = (data: DashboardData) => data.jobs

export interface DashboardRefresh {
  /** True while a dialog is open: no automatic refresh then. */
  paused?: boolean
  /** False: not asked for at all (yet). */
  enabled?: boolean
}

/**
 * The list. A failed refresh keeps the jobs already shown (React Query keeps `data`); the page shows
 * its error only when there is nothing to show.
 */
export function useJobsDashboard(range: RangeMs, { paused = false, enabled = true }: DashboardRefresh = {}) {
  return useQuery({ ...getDashboardQueryOptions(range), select: jobsOf, enabled, refetchInterval: paused ? false : JOBS_REFRESH_MS })
}
