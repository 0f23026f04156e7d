// The list's heading (portal-spec.md §2 My Jobs): "Showing {status or all} jobs", then " for {report
// type}" and " with {job type} processing" when those filters are set. The status keeps its label's
// capitals ("Showing In Progress jobs"), as the tabs show it.
import type { StatusFilter } from './select-jobs'

export interface JobsTitleParts {
  status: StatusFilter
  /** Report type name; null or '' when all report types are shown. */
  reportType?: string | null
  /** Job type name; null or '' when all job types are shown. */
  jobType?: string | null
}

export function jobsTitle({ status, reportType, jobType }: JobsTitleParts): string {
  let title = `Showing ${status === 'all' ? 'all' : status} jobs`
  if (reportType) title += ` for ${reportType}`
  if (jobType) title += ` with ${jobType} processing`
  return title
}
