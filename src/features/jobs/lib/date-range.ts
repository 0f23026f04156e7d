// The job list's date range (portal-spec.md §2, §9): days typed as dd/MM/yyyy, by default the last
// 7 days up to today; the dashboard is asked for the start day from 00:00:00.000 to the end day at
// 23:59:59.999, local time, as ms.
import { endOfDay, format, isMatch, isValid, parse, startOfDay, subDays } from 'date-fns'

export const RANGE_DAY_FORMAT = 'dd/MM/yyyy'
export const DEFAULT_RANGE_DAYS = 7

/** Two local days (each at midnight). */
export interface DayRange {
  start: Date
  end: Date
}

/** Today minus 7 days to today. */
export function defaultDateRange(now: Date = new Date()): DayRange {
  const today = startOfDay(now)
  return { start: subDays(today, DEFAULT_RANGE_DAYS), end: today }
}

export function formatRangeDay(day: Date): string {
  return format(day, RANGE_DAY_FORMAT)
}

/** A day typed strictly as dd/MM/yyyy (two-digit day and month, four-digit year); null otherwise. */
export function parseRangeDay(text: string): Date | null {
  const trimmed = text.trim()
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed) || !isMatch(trimmed, RANGE_DAY_FORMAT)) return null
  const day = parse(trimmed, RANGE_DAY_FORMAT, new Date(2000, 0, 1))
  return isValid(day) ? day : null
}

/**
 * A day typed with one or two digits for the day and month and four for the year ("5/11/2026" or
 * "05/11/2026"), as the date picker reads a field when it is left; null otherwise.
 */
export function parseTypedDay(text: string): Date | null {
  const trimmed = text.trim()
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed) || !isMatch(trimmed, 'd/M/yyyy')) return null
  const day = parse(trimmed, 'd/M/yyyy', new Date(2000, 0, 1))
  return isValid(day) ? day : null
}

export interface RangeMs {
  startMs: number
  endMs: number
}

/** The dashboard query: start day 00:00:00.000 to end day 23:59:59.999, local time. */
export function dashboardRangeMs(range: DayRange): RangeMs {
  return { startMs: startOfDay(range.start).getTime(), endMs: endOfDay(range.end).getTime() }
}

export function sameRange(a: DayRange, b: DayRange): boolean {
  return a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime()
}
