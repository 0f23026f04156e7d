// The report type and job type lookups behind the list's filters (portal-spec.md §2 My Jobs), read
// through the shared lookups module: one query per list, shared with every other screen that shows it.
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { JobType, ReportType } from '@contract/lookups.ts'
import { lookupQueryOptions } from '@/lib/lookups'

export interface JobFilterOptions {
  reportTypes: ReportType[]
  jobTypes: JobType[]
}

export interface JobFilterOptionsState {
  /** Both lists, once both have arrived. */
  data: JobFilterOptions | undefined
  /** Either list failed (its last fetch). */
  isError: boolean
}

function bothLists([reportTypes, jobTypes]: [UseQueryResult<ReportType[]>, UseQueryResult<JobType[]>]): JobFilterOptionsState {
  return {
    data: reportTypes.data && jobTypes.data ? { reportTypes: reportTypes.data, jobTypes: jobTypes.data } : undefined,
    isError: reportTypes.isError || jobTypes.isError,
  }
}

export function useJobFilterOptions(): JobFilterOptionsState {
  return useQueries({ queries: [lookupQueryOptions('report-types'), lookupQueryOptions('job-types')], combine: bothLists })
}
