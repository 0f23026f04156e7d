// The clerk's filter choice on My Jobs, kept in local storage (portal-spec.md §9: "filter choice kept
// in the browser") and restored on the next visit: the status tab, report type, job type and a chosen
// date range. The search text is not kept: it is a passing query and may hold an address. A range is
// stored only when the clerk typed one, so the default keeps meaning "the last 7 days up to now".
import { useCallback, useEffect, useState } from 'react'
import { JOB_STATUS_LABELS } from './job-status'
import { parseRangeDay } from './date-range'
import type { StatusFilter } from './select-jobs'

export const JOB_FILTERS_STORAGE_KEY = 'inspectscribe.my-jobs.filters'

export interface StoredJobFilters {
  status: StatusFilter
  /** Report type name, '' for All Reports. */
  reportType: string
  /** Job type name, '' for All Jobs. */
  jobType: string
  /** Days as dd/MM/yyyy; null for the default range. */
  range: { start: string; end: string } | null
}

export const DEFAULT_JOB_FILTERS: StoredJobFilters = { status: 'all', reportType: '', jobType: '', range: null }

const isStatus = (value: unknown): value is StatusFilter => value === 'all' || (JOB_STATUS_LABELS as readonly unknown[]).includes(value)

/** What was stored, each part checked; anything unreadable reads as its default. */
export function readJobFilters(): StoredJobFilters {
  let stored: Partial<Record<keyof StoredJobFilters, unknown>> = {}
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(JOB_FILTERS_STORAGE_KEY) ?? '{}')
    if (parsed && typeof parsed === 'object') stored = parsed
  } catch {
    // Unreadable: the defaults.
  }
  const range = stored.range as { start?: unknown; end?: unknown } | null | undefined
  const validRange =
    range && typeof range.start === 'string' && typeof range.end === 'string' && parseRangeDay(range.start) && parseRangeDay(range.end)
      ? { start: range.start, end: range.end }
      : null
  return {
    status: isStatus(stored.status) ? stored.status : 'all',
    reportType: typeof stored.reportType === 'string' ? stored.reportType : '',
    jobType: typeof stored.jobType === 'string' ? stored.jobType : '',
    range: validRange,
  }
}

export function writeJobFilters(filters: StoredJobFilters): void {
  try {
    localStorage.setItem(JOB_FILTERS_STORAGE_KEY, JSON.stringify(filters))
  } catch {
    // Storage full or refused (private mode): the choice lasts for this visit only.
  }
}

/** The stored filters as state; every change is written through. */
export function useStoredJobFilters(): [StoredJobFilters, (change: Partial<StoredJobFilters>) => void] {
  const [filters, setFilters] = useState(readJobFilters)
  useEffect(() => writeJobFilters(filters), [filters])
  const update = useCallback((change: Partial<StoredJobFilters>) => setFilters((current) => ({ ...current, ...change })), [])
  return [filters, update]
}
