// The app's TanStack Query persistence: the offline copy of the job list. What is kept where, and why:
// - IndexedDB, the portal's one database (src/lib/local-db.ts, store jobsCaches), id
//   `inspectscribe.jobs-cache.<clerk>` (the access token's `sub`): the queries whose
//   key starts with 'jobs' (the dashboard per date range, a job asked for by id when a notification
//   opens one the list leaves out) or 'lookups' (the lists behind the filters, src/lib/lookups.ts),
//   as the last successful answers. On the device rather than in session storage so that a tablet that
//   lost its connection still shows the clerk's jobs after the tab was closed and the clerk signed in
//   again. Not in localStorage: a 5,000-job copy (~3 M characters) nears its ~5 M limit, which all
//   the origin's keys share; the copies that older releases left there are removed on start.
//   Nothing else (profile, credits, notifications, paused mutations) is written.
// - One key per clerk, so that a clerk never reads another clerk's copy on a shared device.
// - Written only when some kept query's data changed: a refresh answered 304 writes nothing.
// - Written a slice at a time: the JSON text, then that text as a Blob, which IndexedDB stores without
//   copying a string inside `put` (src/lib/json-in-slices.ts). Copies that older releases wrote as one
//   string are still read.
// - A copy older than 7 days, or written by a portal with another JOBS_CACHE_BUSTER, is dropped when
//   read (the persister's restore does that); other clerks' copies in that state are swept when a
//   signed-in frame mounts.
// - Every copy is wiped, and the jobs queries forgotten, when a session is ended on purpose (logout,
//   inactivity logout, account deletion, a 403): src/lib/session.ts announces those. An expired
//   token removed quietly leaves the copy, as a closed tab does. The lookups hold nothing personal
//   and stay in memory.
// - Beside each copy written, a mark in localStorage (`inspectscribe.jobs-copy-kept.<clerk>`, no data):
//   a load of My Jobs reads it before IndexedDB can answer, to ask for the list early only when no
//   copy is kept (src/features/jobs/api/early-dashboard.ts). Wiped with the copies.
import { useEffect, useState, type ReactNode } from 'react'
import { Type } from 'typebox'
import { useIsRestoring, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { PersistQueryClientProvider, removeOldestQuery, type PersistedClient, type PersistQueryClientOptions, type Persister } from '@tanstack/react-query-persist-client'
import { currentClerk, onSessionEnded } from '@/lib/session'
import { localDb, readLocal, removeLocal } from '@/lib/local-db'
import { blobInSlices, jsonInSlices } from '@/lib/json-in-slices'
import { removeKeysStartingWith } from '@/lib/storage-keys'
import { lookupKeys } from '@/lib/lookups'
import { useMountedInPrerenderPass } from '@/lib/use-prerender-pass'
import { jobKeys } from '@/features/jobs/api/get-dashboard'
import { forgetKeptCopyMarks, markCopyKept } from '@/features/jobs/api/early-dashboard'

export const JOBS_CACHE_PREFIX = 'inspectscribe.jobs-cache.'

/** How long a stored copy may be used (it shows the list offline, with the time it was read). */
export const JOBS_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The version of what is stored. Change it whenever the stored data's shape changes (DashboardJob,
 * the lookups, the query keys): copies written under another value are dropped, never read.
 * 2: the filter lists moved from ['jobs', 'filter-options'] to one query per list under 'lookups'.
 * 3: a dashboard is kept as {jobs, etag} (the ETag its refresh sends back), no longer a bare list.
 */
export const JOBS_CACHE_BUSTER = 'jobs-cache-3'

/** The first part of the keys of the queries kept on the device. */
const PERSISTED_KEY_ROOTS: readonly unknown[] = [jobKeys.all[0], lookupKeys.all[0]]

export function jobsCacheKey(clerk: string): string {
  return `${JOBS_CACHE_PREFIX}${clerk}`
}

/**
 * Only the jobs and lookups queries, and only answers that arrived. Typed by shape: the persist
 * client brings its own copy of query-core, whose Query class is another type than React Query's.
 */
export function shouldPersistQuery(query: { queryKey: readonly unknown[]; state: { status: string } }): boolean {
  return PERSISTED_KEY_ROOTS.includes(query.queryKey[0]) && query.state.status === 'success'
}

/** Removes the copies that releases before IndexedDB kept in localStorage (once they are gone, this finds none). */
export function removeLocalStorageCopies(storage: Storage = window.localStorage): void {
  removeKeysStartingWith(storage, JOBS_CACHE_PREFIX)
}

// IndexedDB can be refused (a private window, a full disk): then nothing is kept, as on a first visit.

/** Removes every clerk's stored copy. IndexedDB runs a store's transactions in order: a write already under way lands before, never after. */
export async function wipeJobsCaches(): Promise<void> {
  forgetKeptCopyMarks()
  await localDb.jobsCaches.clear().catch(() => undefined)
}

/** The copy's JSON text as kept: a Blob, or one string from releases before the copy was written in slices. */
const KeptCopy = Type.Union([Type.String(), Type.Refine(Type.Unsafe<Blob>({}), (value) => value instanceof Blob)])

/** Rejects when a Blob's bytes cannot be read (lost by the browser): the copy is then unreadable, and dropped. */
export const keptCopyText = (kept: string | Blob): Promise<string> => (typeof kept === 'string' ? Promise.resolve(kept) : kept.text())

/**
 * The copy's pieces: jobs stringified a hundred at a time (about 90,000 characters), and the text encoded
 * 100,000 characters at a time. In Chromium, unthrottled, on the 5,000-job copy: a slice of jobs under
 * 1 ms once warm (up to 20 ms the first time), a piece of the Blob about 2 ms, at most 8.
 */
const JOBS_PER_SLICE = 100
const CHARS_PER_SLICE = 100_000

async function isStale(kept: string | Blob, now: number): Promise<boolean> {
  try {
    const stored = JSON.parse(await keptCopyText(kept)) as { timestamp?: unknown; buster?: unknown }
    return stored.buster !== JOBS_CACHE_BUSTER || typeof stored.timestamp !== 'number' || now - stored.timestamp > JOBS_CACHE_MAX_AGE_MS
  } catch {
    return true // Unreadable.
  }
}

/**
 * Removes the copies of other clerks that would never be read again: expired, another version,
 * unreadable. Not `own`: the restore reads that one anyway and drops it in each of those cases, and
 * reading it here too cost every load a second read and parse of a 5,000-job copy (4.6 million
 * characters: 68-84 ms to read and 27-41 ms to parse in a probe in Chromium, unthrottled).
 */
export async function sweepStaleJobsCaches(own: string, now = Date.now()): Promise<void> {
  try {
    const others = (await localDb.jobsCaches.toCollection().primaryKeys()).filter((id) => id !== own)
    const records = (await localDb.jobsCaches.bulkGet(others)).flatMap((record) => (record ? [record] : []))
    const stale = await Promise.all(records.map((record) => isStale(record.value, now)))
    await localDb.jobsCaches.bulkDelete(records.filter((_, at) => stale[at]).map((record) => record.id))
  } catch {
    // Refused: nothing is kept either.
  }
}

/** Each stored query's data, by query. */
function dataByQuery(client: PersistedClient): Map<string, unknown> {
  return new Map(client.clientState.queries.map((query) => [query.queryHash, query.state.data]))
}

/**
 * Writes only when some query's data changed. A refresh answered 304 keeps the very data it held (and
 * an answer equal to it keeps it too, by React Query's structural sharing), yet moves the query's
 * `dataUpdatedAt`, which asks for a write: rewriting a 5,000-job copy for nothing. The copy's time then
 * stays the time the list last changed.
 */
function writingOnlyChanges(persister: Persister): Persister {
  let written: Map<string, unknown> | null = null
  return {
    ...persister,
    persistClient: (client) => {
      const data = dataByQuery(client)
      const unchanged = written?.size === data.size && [...data].every(([hash, value]) => written?.get(hash) === value)
      if (unchanged) return
      written = data
      return persister.persistClient(client)
    },
  }
}

interface ClerkPersistence {
  options: Omit<PersistQueryClientOptions, 'queryClient'>
  /** Lets it write while its frame is mounted; returns what stops that when the frame is left. */
  attach: () => () => void
  /** Stops every later write for good (the session ended), including one already scheduled. */
  stop: () => void
}

// The persister writes at most once a second, so a write is often scheduled. It lands only while its
// frame is mounted and the session has not ended: a frame that is listening for the end stops its
// writes there, and a frame already left writes nothing, so no write can land after a wipe made by a
// later frame (a left frame no longer hears the end). Leaving drops at most the last second of
// changes, as closing the tab does.
function clerkPersistence(clerk: string): ClerkPersistence {
  let mounted = false
  let stopped = false
  const writing = () => mounted && !stopped
  const guarded = {
    // Through readLocal: it stops waiting after LOCAL_READ_LIMIT_MS, so an unanswered IndexedDB open never holds the frame.
    getItem: async (key: string) => {
      const kept = await readLocal('jobsCaches', key, KeptCopy)
      return kept === undefined ? null : keptCopyText(kept)
    },
    setItem: async (key: string, text: string) => {
      const copy = await blobInSlices(text, CHARS_PER_SLICE, 'application/json')
      // Asked only now: the session may have ended, and the copies been wiped, while the copy was made.
      if (!writing()) return
      await localDb.jobsCaches.put({ id: key, value: copy })
      // Read by the next load of My Jobs before IndexedDB can be (src/features/jobs/api/early-dashboard.ts).
      markCopyKept(clerk)
    },
    removeItem: (key: string) => removeLocal('jobsCaches', key),
  }
  const persister = writingOnlyChanges(
    createAsyncStoragePersister({
      storage: guarded,
      key: jobsCacheKey(clerk),
      serialize: (client) => jsonInSlices(client, JOBS_PER_SLICE),
      // Storage full (or refused): drop the oldest answer and try again.
      retry: removeOldestQuery,
    }),
  )
  return {
    options: {
      persister,
      maxAge: JOBS_CACHE_MAX_AGE_MS,
      buster: JOBS_CACHE_BUSTER,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
    },
    attach: () => {
      mounted = true
      return () => {
        mounted = false
      }
    },
    stop: () => {
      stopped = true
    },
  }
}

/** Forgets the jobs, in memory and on the device. */
function forgetJobs(client: QueryClient): void {
  void wipeJobsCaches()
  client.removeQueries({ queryKey: jobKeys.all })
}

/**
 * Renders its children once the stored copy has been read (IndexedDB answers later), so the list shows
 * the cached jobs at once. Mounted while hydrating a prerendered screen, it renders them at once: they
 * are on screen already, and hiding them until the restore would blank the page; My Jobs waits for
 * the restore itself (docs/decisions/prerendered-my-jobs-shell.md).
 */
function AfterRestore({ children }: { children: ReactNode }) {
  const restoring = useIsRestoring()
  const alreadyShown = useMountedInPrerenderPass()
  return restoring && !alreadyShown ? null : children
}

function ClerkJobsCache({ clerk, client, children }: { clerk: string; client: QueryClient; children: ReactNode }) {
  const [persistence] = useState(() => {
    removeLocalStorageCopies()
    void sweepStaleJobsCaches(jobsCacheKey(clerk))
    // Kept in memory as long as on the device: a query collected from the cache would also vanish
    // from the stored copy at its next write.
    client.setQueryDefaults(jobKeys.all, { gcTime: JOBS_CACHE_MAX_AGE_MS })
    client.setQueryDefaults(lookupKeys.all, { gcTime: JOBS_CACHE_MAX_AGE_MS })
    return clerkPersistence(clerk)
  })
  useEffect(() => {
    const detach = persistence.attach()
    const stopListening = onSessionEnded(() => {
      persistence.stop()
      forgetJobs(client)
    })
    return () => {
      stopListening()
      detach()
    }
  }, [client, persistence])
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistence.options}>
      <AfterRestore>{children}</AfterRestore>
    </PersistQueryClientProvider>
  )
}

/**
 * Wraps the signed-in frame: keeps the jobs and lookups queries of the app's query client on this
 * device, per clerk, and wipes them when the session is ended on purpose.
 */
export function QueryPersistence({ children }: { children: ReactNode }) {
  const client = useQueryClient()
  // Read once: a refreshed token names the same clerk, and another clerk signs in through /login,
  // which unmounts this frame.
  const [clerk] = useState(currentClerk)
  // Without a clerk the copies could not be kept apart: nothing is stored, but a wipe still applies.
  useEffect(() => (clerk ? undefined : onSessionEnded(() => forgetJobs(client))), [clerk, client])
  if (!clerk) return children
  return (
    <ClerkJobsCache key={clerk} clerk={clerk} client={client}>
      {children}
    </ClerkJobsCache>
  )
}
