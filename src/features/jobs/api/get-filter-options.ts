// The report type and job type lookups behind the list's filters (portal-spec.md §2 My Jobs).
// Kept under a 'jobs' key so that the offline copy of the list keeps its filters too.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { JobTypeList, ReportTypeList, type JobType, type ReportType } from '@contract/lookups.ts'
import { apiRequest } from '@/lib/api-client'
import { jobKeys } from './get-dashboard'

export interface JobFilterOptions {
  reportTypes: ReportType[]
  jobTypes: JobType[]
}

export async function getFilterOptions(signal?: AbortSignal): Promise<JobFilterOptions> {
  const [reportTypes, jobTypes] = await Promise.all([
    // portal-spec.md §8 "Jobs": the fetchers' own messages, carried by the thrown error.
    apiRequest('/lookup/report-types', { signal, schema: ReportTypeList, failureMessage: 'Failed to get report types' }),
    apiRequest('/lookup/job-types', { signal, schema: JobTypeList, failureMessage: 'Failed to get job types' }),
  ])
  return { reportTypes, jobTypes }
}

// Lookups change rarely; the list does not need them fresher than an hour.
const FILTER_OPTIONS_STALE_MS = 60 * 60_000

export const getFilterOptionsQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.filterOptions, queryFn: ({ signal }) => getFilterOptions(signal), staleTime: FILTER_OPTIONS_STALE_MS })

export function useJobFilterOptions() {
  return useQuery(getFilterOptionsQueryOptions())
}
