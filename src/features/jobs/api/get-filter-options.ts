// The report type and job type lookups behind the list's filters (portal-spec.md §2 My Jobs), read
// through the shared lookups module: one query per list, shared with every other screen that shows it.
// On a load of My Jobs they wait for the list, unless the clerk reaches for the filters first
// (docs/decisions/list-first.md).
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { JobType, ReportType } from '@contract/lookups.ts'
import { useWaitingForList } from '@/lib/list-first'
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

/** `filtersReached`: the clerk has reached for the filters, so the lists are wanted even before the list is shown. */
export function useJobFilterOptions(filtersReached: boolean): JobFilterOptionsState {
  const waitingForList = useWaitingForList()
  // Held, a list kept from an earlier visit is still shown: only the request waits.
  const enabled = filtersReached || !waitingForList
  return useQueries({
    queries: [
      { ...lookupQueryOptions('report-types'), enabled },
      { ...lookupQueryOptions('job-types'), enabled },
    ],
    combine: bothLists,
  })
}
