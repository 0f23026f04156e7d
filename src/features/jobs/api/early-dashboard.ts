// The first page of the job list, asked for by the entry when a document of My Jobs loads with a
// session (src/main.tsx), beside the route's chunks, rather than by the page once it has been hydrated
// and has read the clerk's filters and the device's copy: on the bench's traces of such a load (issue
// 28) the page's own request left 1.6-1.8 s after the first paint, and the list, which is what a clerk
// waits for, came after it.
//
// Only the first page (the newest ten of the range, what the page shows first for the default
// filters) and how many jobs the range holds: a 5,000-job list is 396 KB of brotli, about two seconds
// of a tablet's slow 4G, and the clerk sees ten of them. The page draws them, then asks for the whole
// list once they have been painted (docs/decisions/first-page-first.md). The first page is never
// the device's copy of the list: it lives here, outside the query cache that is kept.
//
// Only when this device keeps no copy of the list: with a copy the page shows it as soon as it is read
// and asks with its ETag, which a 304 answers in a few bytes. Whether a copy is kept is read from a
// mark in localStorage, written with the copy (src/app/query-persistence.tsx): the copy itself is in
// IndexedDB, which answers only after its module has loaded and the database has opened.
// Only for the default range (the last 7 days) and drawn only for the default filters: a clerk's own
// choice is kept in IndexedDB too. The page of a clerk who made one asks for the whole list at once;
// the first page is then dropped unused.
import { useSyncExternalStore } from 'react'
import { TOTAL_COUNT_HEADER } from '@contract/jobs.ts'
import { apiRequestWithHeader } from '@/lib/api-client'
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

/** The newest jobs of a range and how many it holds. */
export interface FirstPage {
  jobs: JobAnswer[]
  /** How many jobs the range holds (the answer's X-Total-Count): more than `jobs` holds while the rest is to come. */
  inRange: number
  /** When it came (ms since 1970). */
  receivedAt: number
}

interface EarlyFirstPage {
  /** Whose list it is: another clerk signed in meanwhile never gets it. */
  clerk: string
  range: RangeMs
  page: FirstPage | 'pending'
}

let early: EarlyFirstPage | null = null
const listeners = new Set<() => void>()

function settle(asked: EarlyFirstPage, next: EarlyFirstPage | null): void {
  // Dropped (or asked again) meanwhile: this answer is no one's.
  if (early !== asked) return
  early = next
  for (const listener of listeners) listener()
}

/** Asks for the first page of the default range now, unless the device keeps a copy of the list. */
export function askForDashboardEarly(now: Date = new Date(), storage: Storage = window.localStorage): void {
  const clerk = currentClerk()
  if (!clerk || keepsCopy(clerk, storage)) return
  const range = dashboardRangeMs(defaultDateRange(now))
  const asked: EarlyFirstPage = { clerk, range, page: 'pending' }
  early = asked
  const query = { start: range.startMs, end: range.endMs, limit: JOBS_PAGE_SIZE }
  apiRequestWithHeader('/clerk/dashboard', TOTAL_COUNT_HEADER, { query, schema: JobListAnswer }).then(
    ({ answer, header }) => {
      const inRange = Number(header)
      // An answer that does not say how many the range holds is not a first page: the page asks for the list.
      const readable = header !== null && Number.isSafeInteger(inRange) && inRange >= answer.length
      settle(asked, readable ? { ...asked, page: { jobs: answer, inRange, receivedAt: Date.now() } } : null)
    },
    // Not reported here: the page asks for the whole list at once, and reports its own failure.
    () => settle(asked, null),
  )
}

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
 * The first page asked for by the entry for `range` and the clerk signed in: 'pending' while it is on
 * its way, undefined when there is none (none was asked for, it failed or was dropped, it is another
 * range's or clerk's) or it is not `wanted`.
 */
export function useEarlyFirstPage(range: RangeMs, wanted: boolean): FirstPage | 'pending' | undefined {
  // Whether one is on its way changes no markup while the page waits for the clerk's filters (it is
  // not wanted then), so the hydration's snapshot can be the client's and the prerendered page matches.
  const current = useSyncExternalStore(subscribe, earlyNow, earlyNow)
  if (!wanted || !current || current.clerk !== currentClerk() || current.range.startMs !== range.startMs || current.range.endMs !== range.endMs) return undefined
  return current.page
}
