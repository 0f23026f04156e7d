// What the job table shows of the rows: the status tab, the report and job type filters, the search,
// the sort and the page (portal-spec.md §2 My Jobs, §9: 10 rows per page, newest first by default).
// A keystroke in the search box must stay well inside a frame for thousands of jobs, so the work that
// does not depend on the search is done once and kept: each row's lower-case search text per rows
// array, and the sorted order per rows array and sort. A keystroke then costs one substring test per
// row. Each call is measured as the User Timing entry 'jobs:select'.
import type { JobStatusLabel } from './job-status'
import type { JobRow } from './job-rows'

export const JOBS_PAGE_SIZE = 10

export type JobSortColumn =
  | 'id'
  | 'propertyName'
  | 'reportType'
  | 'fileCount'
  | 'duration'
  | 'checkDate'
  | 'expectedDate'
  | 'jobType'
  | 'status'

export type SortDirection = 'ascending' | 'descending'

export interface JobSort {
  column: JobSortColumn
  direction: SortDirection
}

export const DEFAULT_JOB_SORT: JobSort = { column: 'checkDate', direction: 'descending' }

export type StatusFilter = 'all' | JobStatusLabel

export interface JobSelection {
  search: string
  status: StatusFilter
  sort: JobSort
  /** 1-based; clamped to the pages there are. */
  page: number
  /** Report type name; null or '' for all. */
  reportType?: string | null
  /** Job type name; null or '' for all. */
  jobType?: string | null
}

export interface SelectedJobs {
  pageRows: JobRow[]
  /** Rows after filters and search, over all pages. */
  total: number
  /** At least 1. */
  pageCount: number
  /** The page shown, after clamping. */
  page: number
}

/** The name of the User Timing measure of one selection, read by the benchmark. */
export const SELECT_MEASURE = 'jobs:select'
const SELECT_MARK = 'jobs:select:start'
// Measures are kept for a benchmark to read; past this many the older ones are dropped.
const MAX_KEPT_MEASURES = 500

/** The text of a row the clerk can see, lower case; fields are kept apart so a match never spans two. */
export function searchTextOf(row: JobRow): string {
  return [
    row.id,
    row.propertyName,
    row.reportType,
    row.jobType,
    row.status,
    row.checkDate,
    row.expectedDate,
    row.completedDate,
    row.priority,
    row.fileType,
    row.fileDetails.count,
    row.fileDetails.duration,
  ]
    .join('\u0000')
    .toLowerCase()
}

const searchTexts = new WeakMap<readonly JobRow[], Map<JobRow, string>>()

function searchTextsFor(rows: readonly JobRow[]): Map<JobRow, string> {
  let texts = searchTexts.get(rows)
  if (!texts) {
    texts = new Map(rows.map((row) => [row, searchTextOf(row)]))
    searchTexts.set(rows, texts)
  }
  return texts
}

type SortKey = (row: JobRow) => number | string | null

const SORT_KEYS: Record<JobSortColumn, SortKey> = {
  id: (row) => row.id,
  propertyName: (row) => row.propertyName,
  reportType: (row) => row.reportType,
  fileCount: (row) => row.fileDetails.count,
  duration: (row) => row.fileDetails.seconds,
  checkDate: (row) => row.checkDateMs,
  expectedDate: (row) => row.expectedDateMs,
  jobType: (row) => row.jobType,
  status: (row) => row.status,
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })

function compareKeys(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

const sortedOrders = new WeakMap<readonly JobRow[], Map<string, JobRow[]>>()

/**
 * The rows in the sort's order. Missing values (an unknown date, no deadline) go last in either
 * direction; ties keep the newest job (highest id) first, so the order is stable across refreshes.
 */
export function sortJobRows(rows: readonly JobRow[], sort: JobSort): JobRow[] {
  let orders = sortedOrders.get(rows)
  if (!orders) {
    orders = new Map()
    sortedOrders.set(rows, orders)
  }
  const cacheKey = `${sort.column} ${sort.direction}`
  const cached = orders.get(cacheKey)
  if (cached) return cached
  const key = SORT_KEYS[sort.column]
  const sign = sort.direction === 'ascending' ? 1 : -1
  const keyed = rows.map((row) => ({ row, key: key(row) }))
  keyed.sort((a, b) => {
    const aMissing = a.key === null || a.key === ''
    const bMissing = b.key === null || b.key === ''
    if (aMissing !== bMissing) return aMissing ? 1 : -1
    return sign * compareKeys(a.key, b.key) || b.row.id - a.row.id
  })
  const sorted = keyed.map((entry) => entry.row)
  orders.set(cacheKey, sorted)
  return sorted
}

let keptMeasures = 0

function measured<T>(work: () => T): T {
  const timing = typeof performance !== 'undefined' && typeof performance.mark === 'function' && typeof performance.measure === 'function'
  if (!timing) return work()
  performance.mark(SELECT_MARK)
  try {
    return work()
  } finally {
    if (++keptMeasures > MAX_KEPT_MEASURES) {
      performance.clearMeasures(SELECT_MEASURE)
      keptMeasures = 1
    }
    performance.measure(SELECT_MEASURE, SELECT_MARK)
    performance.clearMarks(SELECT_MARK)
  }
}

/**
 * Whether `selection` shows only the range's newest `count` jobs: a page among the first of the default
 * choice (no status, type or search, newest first), which is what the server's first pages hold (GET
 * /clerk/dashboard with a limit, ordered newest first as DEFAULT_JOB_SORT orders the rows).
 */
export function showsNewestJobs(selection: JobSelection, count: number): boolean {
  const { sort } = selection
  return (
    selection.page * JOBS_PAGE_SIZE <= count &&
    selection.search.trim() === '' &&
    selection.status === 'all' &&
    !selection.reportType &&
    !selection.jobType &&
    sort.column === DEFAULT_JOB_SORT.column &&
    sort.direction === DEFAULT_JOB_SORT.direction
  )
}

/** Filters, searches, sorts and pages the rows. Pure: the same rows and selection give the same answer. */
export function selectJobs(rows: readonly JobRow[], selection: JobSelection): SelectedJobs {
  return measured(() => {
    const { status, sort } = selection
    const reportType = selection.reportType?.toLowerCase()
    const jobType = selection.jobType?.toLowerCase()
    const query = selection.search.trim().toLowerCase()
    const texts = query ? searchTextsFor(rows) : null
    const matches = sortJobRows(rows, sort).filter(
      (row) =>
        (status === 'all' || row.status === status) &&
        (!reportType || row.reportType.toLowerCase() === reportType) &&
        (!jobType || row.jobType.toLowerCase() === jobType) &&
        (!texts || (texts.get(row) ?? '').includes(query)),
    )
    const total = matches.length
    const pageCount = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE))
    const page = Math.min(Math.max(1, Math.floor(selection.page) || 1), pageCount)
    const start = (page - 1) * JOBS_PAGE_SIZE
    return { pageRows: matches.slice(start, start + JOBS_PAGE_SIZE), total, pageCount, page }
  })
}
