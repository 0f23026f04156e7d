// What the table and the card list are given: the page's rows, the sort, the selection and the actions.
import type { JobRow } from '../lib/job-rows'
import type { JobSort, JobSortColumn } from '../lib/select-jobs'

/** The selection as the page's rows see it (only Completed and Failed jobs can be selected). */
export interface PageSelection {
  isSelected: (jobId: number) => boolean
  toggle: (jobId: number, on: boolean) => void
  /** The select-all box: every deletable job of the page, some of them ('mixed'), or none. */
  pageChecked: boolean | 'mixed'
  /** False when the page has no deletable job. */
  pageSelectable: boolean
  togglePage: () => void
}

export interface JobsViewProps {
  /** The rows of the page shown. */
  rows: JobRow[]
  sort: JobSort
  onSortChange: (sort: JobSort) => void
  selection: PageSelection
  onViewDetails: (jobId: number) => void
  onDelete: (jobIds: number[], mode: 'single') => void
}

/** A column header was clicked: a new column sorts ascending, the same one turns around. */
export function nextSort(current: JobSort, column: JobSortColumn): JobSort {
  if (current.column !== column) return { column, direction: 'ascending' }
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
}
