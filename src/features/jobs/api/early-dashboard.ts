// The job list asked for by the entry when a document of My Jobs loads with a session (src/main.tsx),
// beside the route's chunks, rather than by the page once it has been hydrated and has read the
// clerk's filters and the device's copy: on the bench's traces of such a load (issue 28) the page's own
// request left 1.6-1.8 s after the first paint, and the list, which is what a clerk waits for, came
// after it. The page's first request for the same range takes this answer instead of asking again.
//
// Only when this device keeps no copy of the list: with a copy the page shows it as soon as it is read
// and asks with its ETag, which a 304 answers in a few bytes; asking early, without one, would fetch the
// whole list again (a 5,000-job list is 370 KB). Whether a copy is kept is read from a mark in
// localStorage, written with the copy (src/app/query-persistence.tsx): the copy itself is in IndexedDB,
// which answers only after its module has loaded and the database has opened.
// Only for the default range (the last 7 days): a clerk's own range is kept in IndexedDB too. The page
// of a clerk who chose one asks for it as before; the early answer is then dropped unused.
import { apiRequestIfChanged, type Conditional } from '@/lib/api-client'
import { currentClerk } from '@/lib/session'
import { removeKeysStartingWith } from '@/lib/storage-keys'
import { dashboardRangeMs, defaultDateRange, type RangeMs } from '../lib/date-range'
import { JobListAnswer, type JobAnswer } from '../lib/job-answer'

const KEPT_COPY_MARK_PREFIX = 'inspectscribe.jobs-copy-kept.'

interface EarlyAnswer {
  /** Whose list it is: another clerk signed in meanwhile never gets it. */
  clerk: string
  range: RangeMs
  answer: Promise<Conditional<JobAnswer[]>>
}

let early: EarlyAnswer | null = null

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

/** Sends the request for the default range now, unless the device keeps a copy of the list. */
export function askForDashboardEarly(now: Date = new Date(), storage: Storage = window.localStorage): void {
  const clerk = currentClerk()
  if (!clerk || keepsCopy(clerk, storage)) return
  const range = dashboardRangeMs(defaultDateRange(now))
  const answer = apiRequestIfChanged('/clerk/dashboard', null, { query: { start: range.startMs, end: range.endMs }, schema: JobListAnswer })
  // Not reported here: a failed early request is made again by the page, which reports its own failure.
  answer.catch(() => undefined)
  early = { clerk, range, answer }
}

/**
 * The early answer when it is for `range` and the clerk signed in, or undefined (none was sent, it
 * failed, it was for another range or clerk). Once only: the page's first list request takes it or drops it, so a later request (a refresh,
 * another range chosen and then the default again) never gets an old answer.
 */
export async function takeEarlyDashboard(range: RangeMs): Promise<Conditional<JobAnswer[]> | undefined> {
  const taken = early
  early = null
  if (!taken || taken.clerk !== currentClerk() || taken.range.startMs !== range.startMs || taken.range.endMs !== range.endMs) return undefined
  return taken.answer.catch(() => undefined)
}
