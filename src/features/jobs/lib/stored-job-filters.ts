// The clerk's filter choice on My Jobs, kept in the browser's local database (portal-spec.md §9:
// "filter choice kept in the browser", src/lib/local-db.ts) and restored on the next visit: the status
// tab, report type, job type and a chosen date range. The search text is not kept: it is a passing
// query and may hold an address. A range is stored only when the clerk typed one, so the default keeps
// meaning "the last 7 days up to now".
import { useCallback, useMemo } from 'react'
import { Type, type Static } from 'typebox'
import { useLocalRecord } from '@/lib/local-db'
import { JOB_STATUS_LABELS } from './job-status'
import { parseRangeDay } from './date-range'

const RANGE_DAY = Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$' })

export const StoredJobFilters = Type.Object({
  status: Type.Enum(['all', ...JOB_STATUS_LABELS]),
  /** Report type name, '' for All Reports. */
  reportType: Type.String(),
  /** Job type name, '' for All Jobs. */
  jobType: Type.String(),
  /** Days as dd/MM/yyyy; null for the default range. */
  range: Type.Union([Type.Object({ start: RANGE_DAY, end: RANGE_DAY }), Type.Null()]),
})
export type StoredJobFilters = Static<typeof StoredJobFilters>

/** Where the choice is kept (src/lib/local-db.ts). */
export const JOB_FILTERS_STORE = 'preferences'
export const JOB_FILTERS_ID = 'my-jobs-filters'

export const DEFAULT_JOB_FILTERS: StoredJobFilters = { status: 'all', reportType: '', jobType: '', range: null }

/**
 * A range the server refuses (a day that does not exist, or before 1970) would fail the list on every
 * visit: it reads as the default range instead.
 */
function usable(filters: StoredJobFilters): StoredJobFilters {
  const { range } = filters
  return range && !(parseRangeDay(range.start) && parseRangeDay(range.end)) ? { ...filters, range: null } : filters
}

/**
 * The stored filters as state, every change written through. `loaded` is false until the stored
 * choice has been read (the page waits for it, so the list never shows the defaults first). Nothing
 * stored, or a stored value of another shape, reads as the defaults.
 */
export function useStoredJobFilters(): [StoredJobFilters, (change: Partial<StoredJobFilters>) => void, boolean] {
  const { value, loaded, change } = useLocalRecord(JOB_FILTERS_STORE, JOB_FILTERS_ID, StoredJobFilters, DEFAULT_JOB_FILTERS)
  // The same objects from render to render while nothing changed: My Jobs' filters and table skip
  // their renders on them (React.memo).
  const update = useCallback((next: Partial<StoredJobFilters>) => change((current) => ({ ...current, ...next })), [change])
  const filters = useMemo(() => usable(value), [value])
  return [filters, update, loaded]
}
