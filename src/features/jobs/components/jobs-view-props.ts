// What the table and the card list are given: the page's rows, the sort, the selection and the actions.
import { sameJobRow, type JobRow } from '../lib/job-rows'
import type { JobSort, JobSortColumn } from '../lib/select-jobs'

/** The selection as the page's rows see it (only Completed and Failed jobs can be selected). */
export interface PageSelection {
  isSelected: (jobId: number) => boolean
  /** The same function from render to render: the rows are memoized on it (JobRowProps). */
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

/** What a memoized row (a table row, a card) is drawn from: it is drawn again only when one of these changes. */
export interface JobRowProps {
  row: JobRow
  selected: boolean
  onToggle: (jobId: number, on: boolean) => void
  onViewDetails: (jobId: number) => void
  onDelete: (jobIds: number[], mode: 'single') => void
}

/** A row's props from the view's: its tick, and the view's callbacks. */
export function jobRowProps(row: JobRow, { selection, onViewDetails, onDelete }: JobsViewProps): JobRowProps {
  return { row, selected: selection.isSelected(row.id), onToggle: selection.toggle, onViewDetails, onDelete }
}

/** memo's comparison for a row: a row read again from the server for an unchanged job counts as the same. */
export function sameRowProps(before: JobRowProps, after: JobRowProps): boolean {
  return (
    sameJobRow(before.row, after.row) &&
    before.selected === after.selected &&
    before.onToggle === after.onToggle &&
    before.onViewDetails === after.onViewDetails &&
    before.onDelete === after.onDelete
  )
}

/** A column header was clicked: a new column sorts ascending, the same one turns around. */
export function nextSort(current: JobSort, column: JobSortColumn): JobSort {
  if (current.column !== column) return { column, direction: 'ascending' }
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
}
