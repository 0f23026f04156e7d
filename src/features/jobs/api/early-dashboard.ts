// The newest jobs of the list, asked for by the entry when a document of My Jobs loads with a session
// (src/main.tsx), beside the route's chunks, rather than by the page once it has been hydrated and has
// read the clerk's filters and the device's copy: on the bench's traces of such a load (issue 28) the
// page's own request left 1.6-1.8 s after the first paint, and the list, which is what a clerk waits
// for, came after it.
//
// Only the newest hundred (ten pages) and how many jobs the range holds: a 5,000-job list is 396 KB of
// brotli, about two seconds of a tablet's slow 4G, and the clerk sees ten of them. A range within the
// hundred comes whole, with its ETag: that answer is the list, which the page's first list request
// takes. A longer one's first part is drawn, and the whole list is asked for once it has been painted
// (docs/decisions/first-page-first.md); the first part is never the device's copy of the list: it lives
// here, outside the query cache that is kept.
//
// Only when this device keeps no copy of the list: with a copy the page shows it as soon as it is read
// and asks with its ETag, which a 304 answers in a few bytes. Whether a copy is kept is read from a
// mark in localStorage, written with the copy (src/app/query-persistence.tsx): the copy itself is in
// IndexedDB, which answers only after its module has loaded and the database has opened.
// Only for the default range (the last 7 days), and a first part is drawn only for the default
// filters: a clerk's own choice is kept in IndexedDB too. The page of a clerk who made one asks for the
// whole list at once; a first part is then dropped unused.
import { useSyncExternalStore } from 'react'
import { TOTAL_COUNT_HEADER } from '@contract/jobs.ts'
import { apiRequestWithHeaders, type Conditional } from '@/lib/api-client'
import { currentClerk } from '@/lib/session'
import { removeKeysStartingWith } from '@/lib/storage-keys'
import { dashboardRangeMs, defaultDateRange, type RangeMs } from '../lib/date-range'
import { JobListAnswer, type JobAnswer } from '../lib/job-answer'
import { JOBS_PAGE_SIZE } from '../lib/select-jobs'

const KEPT_COPY_MARK_PREFIX = 'inspectscribe.jobs-copy-kept.'

/** Notes that the device now keeps a copy of `clerk`'s list. */
export function markCopyKept(clerk: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(`${KEPT_COPY_MARK_PREFIX}${clerk}`, '1')
  } catch {
    // Storage refused: the next load asks early, as without a copy.
  }
}

/** Removes every clerk's mark, with their copies (the session ended on purpose). */
export function forgetKeptCopyMarks(storage: Storage = window.localStorage): void {
  removeKeysStartingWith(storage, KEPT_COPY_MARK_PREFIX)
}

function keepsCopy(clerk: string, storage: Storage): boolean {
  try {
    return storage.getItem(`${KEPT_COPY_MARK_PREFIX}${clerk}`) !== null
  } catch {
    return false
  }
}

/** How many of the newest jobs are asked for first: ten pages, which need not wait for the whole list. */
export const FIRST_JOBS = 10 * JOBS_PAGE_SIZE

/** The newest jobs of a range and how many it holds. */
export interface FirstPage {
  jobs: JobAnswer[]
  /** How many jobs the range holds (the answer's X-Total-Count): more than `jobs` holds while the rest is to come. */
  inRange: number
  /** When it came (ms since 1970). */
  receivedAt: number
}

interface EarlyAnswer {
  /** Whose list it is: another clerk signed in meanwhile never gets it. */
  clerk: string
  range: RangeMs
  /** `whole`: the range held no more than FIRST_JOBS, and the answer is the whole list with its ETag. */
  answer: 'pending' | { page: FirstPage; whole: boolean; etag: string | null }
}

let early: EarlyAnswer | null = null
const listeners = new Set<() => void>()

function settle(asked: EarlyAnswer, next: EarlyAnswer | null): void {
  // Dropped (or asked again) meanwhile: this answer is no one's.
  if (early !== asked) return
  early = next
  for (const listener of listeners) listener()
}

/** Asks for the newest jobs of the default range now, unless the device keeps a copy of the list. */
export function askForDashboardEarly(now: Date = new Date(), storage: Storage = window.localStorage): void {
  const clerk = currentClerk()
  if (!clerk || keepsCopy(clerk, storage)) return
  const range = dashboardRangeMs(defaultDateRange(now))
  const asked: EarlyAnswer = { clerk, range, answer: 'pending' }
  early = asked
  const query = { start: range.startMs, end: range.endMs, limit: FIRST_JOBS }
  apiRequestWithHeaders('/clerk/dashboard', { query, schema: JobListAnswer }).then(
    ({ answer, headers }) => {
      const count = headers.get(TOTAL_COUNT_HEADER)
      const inRange = Number(count)
      // An answer that does not say how many the range holds is not a first page: the page asks for the list.
      const readable = count !== null && Number.isSafeInteger(inRange) && inRange >= answer.length
      const page = { jobs: answer, inRange, receivedAt: Date.now() }
      settle(asked, readable ? { ...asked, answer: { page, whole: inRange === answer.length, etag: headers.get('etag') } } : null)
    },
    // Not reported here: the page asks for the whole list at once, and reports its own failure.
    () => settle(asked, null),
  )
}

/**
 * The early answer as the whole list, when the range held no more than FIRST_JOBS and it is for `range`
 * and the clerk signed in: the page's first list request (getDashboard) takes it instead of asking
 * again. Once only: a whole answer is dropped by this call whether or not it is given.
 */
export function takeEarlyWholeList(range: RangeMs): Conditional<JobAnswer[]> | undefined {
  const taken = early
  if (!taken || taken.answer === 'pending' || !taken.answer.whole) return undefined
  settle(taken, null)
  if (!forThisPage(taken, range)) return undefined
  return { modified: true, answer: taken.answer.page.jobs, etag: taken.answer.etag }
}

const forThisPage = (taken: EarlyAnswer, range: RangeMs) =>
  taken.clerk === currentClerk() && taken.range.startMs === range.startMs && taken.range.endMs === range.endMs

/** Forgets the first page for good: the whole list is here, or the clerk chose other filters. */
export function dropEarlyFirstPage(): void {
  if (early) settle(early, null)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const earlyNow = () => early

/**
 * The first pages asked for by the entry for `range` and the clerk signed in, while the whole list is to
 * come: 'pending' while the answer is on its way; undefined when there is none (none was asked for, it
 * failed or was dropped, it is another range's or clerk's, or it held the whole range, which
 * takeEarlyWholeList gives the list's query) or it is not `wanted`.
 */
export function useEarlyFirstPage(range: RangeMs, wanted: boolean): FirstPage | 'pending' | undefined {
  // Whether one is on its way changes no markup while the page waits for the clerk's filters (it is
  // not wanted then), so the hydration's snapshot can be the client's and the prerendered page matches.
  const current = useSyncExternalStore(subscribe, earlyNow, earlyNow)
  if (!wanted || !current || !forThisPage(current, range)) return undefined
  if (current.answer === 'pending') return 'pending'
  return current.answer.whole ? undefined : current.answer.page
}
