// GET /clerk/dashboard (portal-spec.md §7): the clerk's jobs created in a range of days, refreshed
// silently every 60 s except while a dialog is open (§2, §9). Every jobs query key starts with 'jobs',
// which is what the offline copy (src/app/query-persistence.tsx) keeps and what a deletion invalidates.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { RangeMs } from '../lib/date-range'
import { JobListAnswer, type JobAnswer } from '../lib/job-answer'

export const JOBS_REFRESH_MS = 60_000

export const jobKeys = {
  all: ['jobs'] as const,
  dashboards: ['jobs', 'dashboard'] as const,
  dashboard: (startMs: number, endMs: number) => ['jobs', 'dashboard', startMs, endMs] as const,
  /** One job asked for by id (get-job.ts). */
  job: (jobId: number) => ['jobs', 'job', jobId] as const,
}

/** The jobs created from `startMs` to `endMs` (both included), newest first; an answer that is not a list of jobs fails ('invalid-answer'). */
export function getDashboard({ startMs, endMs }: RangeMs, signal?: AbortSignal): Promise<JobAnswer[]> {
  return apiRequest('/clerk/dashboard', { query: { start: startMs, end: endMs }, signal, schema: JobListAnswer })
}

export const getDashboardQueryOptions = (range: RangeMs) =>
  queryOptions({
    queryKey: jobKeys.dashboard(range.startMs, range.endMs),
    queryFn: ({ signal }) => getDashboard(range, signal),
    // Read again whenever the list mounts: a copy restored from the device after a reload is never
    // taken as current, however recent.
    staleTime: 0,
  })

export interface DashboardRefresh {
  /** True while a dialog is open: no automatic refresh then. */
  paused?: boolean
}

/**
 * The list. A failed refresh keeps the jobs already shown (React Query keeps `data`); the page shows
 * its error only when there is nothing to show.
 */
export function useJobsDashboard(range: RangeMs, { paused = false }: DashboardRefresh = {}) {
  return useQuery({ ...getDashboardQueryOptions(range), refetchInterval: paused ? false : JOBS_REFRESH_MS })
}
