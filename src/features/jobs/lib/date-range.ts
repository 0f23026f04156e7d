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

/**
 * The first and last days a range may name. The server takes times from 1970-01-01T00:00Z to the end
 * of 9999 UTC (contract/input-rules.ts `TimeMs`); a day is asked for from local midnight to 23:59:59.999
 * local, so one day in from each end keeps every time zone (UTC-12 to UTC+14) inside that.
 */
export const FIRST_RANGE_DAY = new Date(1970, 0, 2)
export const LAST_RANGE_DAY = new Date(9999, 11, 30)

/** Why a typed day cannot be used: not a day in dd/MM/yyyy, or a day the server cannot take. */
export type DayProblem = 'format' | 'out-of-range'

/**
 * A day typed as dd/MM/yyyy, with one or two digits for the day and month ("5/11/2026" or
 * "05/11/2026", as the date picker reads a field when it is left) and four for the year, as a local
 * day; or why it cannot be one.
 */
export function readRangeDay(text: string): { day: Date; problem: null } | { day: null; problem: DayProblem } {
  const trimmed = text.trim()
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed) || !isMatch(trimmed, 'd/M/yyyy')) return { day: null, problem: 'format' }
  const day = parse(trimmed, 'd/M/yyyy', new Date(2000, 0, 1))
  if (!isValid(day)) return { day: null, problem: 'format' }
  if (day < FIRST_RANGE_DAY || day > LAST_RANGE_DAY) return { day: null, problem: 'out-of-range' }
  return { day, problem: null }
}

/** The day `text` names (see readRangeDay); null when it names none the range may use. */
export function parseRangeDay(text: string): Date | null {
  return readRangeDay(text).day
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
