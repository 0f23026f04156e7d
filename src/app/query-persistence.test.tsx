import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { apiRequest } from '@/lib/api-client'
import { clearSession, saveSession, sessionStatus } from '@/lib/session'
import { localDb } from '@/lib/local-db'
import { createTestQueryClient } from '@/test/fake-portal-api'
import { aDashboardJob } from '@/features/jobs/lib/job-fixtures'
import { withCloneableBlobs } from '@/test/cloneable-blobs'
import { JOBS_CACHE_BUSTER, JOBS_CACHE_MAX_AGE_MS, QueryPersistence, jobsCacheKey, keptCopyText, sweepStaleJobsCaches } from './query-persistence'

const DASHBOARD_KEY = ['jobs', 'dashboard', 1_700_000_000_000, 1_700_600_000_000] as const
const REPORT_TYPES_KEY = ['lookups', 'report-types'] as const
const job = aDashboardJob({ job_id: 41, property_address: '41 Mill Lane, Leeds' })
const otherJob = aDashboardJob({ job_id: 42, property_address: '42 Mill Lane, Leeds' })
const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`
const tokenOf = (clerk: string) => jwt({ sub: clerk, exp: Math.floor(Date.now() / 1000) + 900 })

type Seen = { status: string; address: string | undefined }

/**
 * A page with a jobs query, a failing jobs query, a lookup and a query of another feature. It shows
 * the jobs, and every query's status once all have settled.
 */
function Probe({ seen, dashboard }: { seen: Seen[]; dashboard: () => Promise<DashboardJob[]> }) {
  const jobs = useQuery({ queryKey: DASHBOARD_KEY, queryFn: dashboard })
  const failing = useQuery({ queryKey: ['jobs', 'failing'], queryFn: () => Promise.reject(new Error('Failed to load filter options.')), retry: false })
  const lookup = useQuery({ queryKey: REPORT_TYPES_KEY, queryFn: () => Promise.resolve([{ id: 1, name: 'Inventory', description: '' }]) })
  const profile = useQuery({ queryKey: ['profile'], queryFn: () => Promise.resolve({ full_name: 'Jordan' }) })
  seen.push({ status: jobs.status, address: jobs.data?.[0]?.property_address })
  const statuses = [jobs, failing, lookup, profile].map((query) => query.status)
  return (
    <>
      <output aria-label="jobs">{jobs.data ? jobs.data.map((row) => row.property_address).join('; ') : jobs.status}</output>
      <output aria-label="settled">{statuses.includes('pending') ? 'no' : statuses.join(' ')}</output>
    </>
  )
}

function renderFrame({ clerk, dashboard = () => Promise.resolve([job]) }: { clerk: string | null; dashboard?: () => Promise<DashboardJob[]> }) {
  if (clerk) saveSession(tokenOf(clerk), 'CLERK')
  else saveSession('opaque-token', 'CLERK')
  const client: QueryClient = createTestQueryClient()
  const seen: Seen[] = []
  const rendered = render(
    <QueryClientProvider client={client}>
      <QueryPersistence>
        <Probe seen={seen} dashboard={dashboard} />
      </QueryPersistence>
    </QueryClientProvider>,
  )
  return { ...rendered, client, seen }
}

/** A copy as the persister writes it, holding `jobs` under the dashboard key. */
function storedCopy(jobs: DashboardJob[], { timestamp = Date.now(), buster = JOBS_CACHE_BUSTER } = {}) {
  return JSON.stringify({
    buster,
    timestamp,
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: DASHBOARD_KEY,
          queryHash: JSON.stringify(DASHBOARD_KEY),
          state: {
            data: jobs,
            dataUpdateCount: 1,
            dataUpdatedAt: timestamp,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  })
}

type StoredCopy = { buster: string; timestamp: number; clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[]; mutations: unknown[] } }

/** A clerk's copy, read from IndexedDB (a Blob as this release writes it, a string as older ones did). */
const stored = async (clerk: string) => {
  const kept = (await localDb.jobsCaches.get(jobsCacheKey(clerk)))?.value
  if (kept === undefined) return null
  return JSON.parse(await keptCopyText(kept)) as StoredCopy
}

const keep = (clerk: string, value: string | Blob) => localDb.jobsCaches.put({ id: jobsCacheKey(clerk), value })

// The persister writes at most once a second (a throttle on setTimeout). The clock is faked: it follows
// real time while the test renders and waits (React Query and the DOM need their timers), and a test
// that checks what the throttle does stops it first. From there a write it schedules lands exactly
// when the test moves the clock one second on, never earlier because the machine is slow, and a check
// that nothing was written is made after the moment the write was due. Restoring the real clock after
// each test drops what a test left scheduled.
const THROTTLE_MS = 1000

/** From here the clock moves only when the test moves it (no waitFor then: its own timers are stopped too). */
const stopClock = () => void vi.setTimerTickMode('manual')
const moveClock = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

/** Waits until every query of the page has settled, then stops the clock: no write is scheduled after this. */
async function settledThenStopped() {
  await waitFor(() => expect(screen.getByLabelText('settled')).toHaveTextContent('success error success success'))
  stopClock()
}

/**
 * Lets every write land, on a stopped clock: the clerk's copy holds the jobs and the lookup now. The
 * clock moves a second at a time until it does: a write asked for while another is still being made
 * (sliced, then put) waits for it and looks again a second later, and how far the first one got before
 * the clock stopped depends on the machine.
 */
async function persisted(clerk: string) {
  await settledThenStopped()
  await expect
    .poll(async () => {
      await moveClock(THROTTLE_MS)
      return (await stored(clerk))?.clientState.queries.map((query) => query.queryKey)
    })
    .toEqual([[...DASHBOARD_KEY], [...REPORT_TYPES_KEY]])
}

const storedJobs = async (clerk: string) => (await stored(clerk))?.clientState.queries.find((query) => query.queryKey[0] === DASHBOARD_KEY[0])?.state.data

/**
 * On the stopped clock, stores `jobs` by a write that lands now, so that the next change's write is due
 * a second from now. Known, not assumed: whether a write was scheduled before depends on how fast the
 * machine ran up to here. A first change lands with whatever was scheduled, once the clock has moved a
 * second; a second more and the throttle is idle, so the write of `jobs` runs at once.
 */
async function storedJustNow(client: QueryClient, clerk: string, jobs: DashboardJob[]) {
  act(() => void client.setQueryData(DASHBOARD_KEY, [otherJob]))
  await moveClock(THROTTLE_MS)
  await expect.poll(() => storedJobs(clerk)).toEqual([otherJob])
  await moveClock(THROTTLE_MS)
  act(() => void client.setQueryData(DASHBOARD_KEY, jobs))
  await moveClock(0)
  await expect.poll(() => storedJobs(clerk)).toEqual(jobs)
}

const jobsCacheKeys = () => localDb.jobsCaches.toCollection().primaryKeys()

/**
 * Holds work done in slices (src/lib/main-thread-slices.ts yields through `scheduler.postTask` where the
 * browser has it) at its first pause until `resume`; later pauses pass at once.
 */
function holdAtFirstPause() {
  let resume!: () => void
  const held = new Promise<void>((resolve) => (resume = resolve))
  let reached!: () => void
  const paused = new Promise<void>((resolve) => (reached = resolve))
  let first = true
  vi.stubGlobal('scheduler', {
    postTask: (task: () => void) => {
      if (!first) return Promise.resolve().then(task)
      first = false
      reached()
      return held.then(task)
    },
  })
  return { paused, resume }
}

beforeEach(() => {
  localStorage.clear()
  // setImmediate stays real: fake-indexeddb answers through it, also while the clock is stopped.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  withCloneableBlobs()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('QueryPersistence: what is stored', () => {
  it('stores only the successful jobs and lookups queries, under the clerk’s own key', async () => {
    renderFrame({ clerk: 'clerk-7' })
    // persisted() waits for the jobs and the lookup to be stored; times out if anything else is.
    await persisted('clerk-7')
    const copy = (await stored('clerk-7'))!
    expect(copy.buster).toBe(JOBS_CACHE_BUSTER)
    expect(copy.clientState.queries.map((query) => query.queryKey)).toEqual([[...DASHBOARD_KEY], [...REPORT_TYPES_KEY]])
    expect(copy.clientState.mutations).toEqual([])
    expect(await jobsCacheKeys()).toEqual(['inspectscribe.jobs-cache.clerk-7'])
    // No data in localStorage: only the mark that a copy is kept, read by the next load of My Jobs.
    expect(Object.keys(localStorage)).toEqual(['inspectscribe.jobs-copy-kept.clerk-7'])
    expect(localStorage.getItem('inspectscribe.jobs-copy-kept.clerk-7')).toBe('1')
  })

  it('does not write the copy again for a refresh that brings the same list (a 304), and does when the list changes', async () => {
    const list = [job]
    const { client } = renderFrame({ clerk: 'clerk-7', dashboard: () => Promise.resolve(list) })
    await persisted('clerk-7')
    const writes = vi.spyOn(localDb.jobsCaches, 'put')
    await act(() => client.refetchQueries({ queryKey: DASHBOARD_KEY }))
    await moveClock(THROTTLE_MS)
    expect(writes).not.toHaveBeenCalled()

    act(() => void client.setQueryData(DASHBOARD_KEY, [job, otherJob]))
    await moveClock(THROTTLE_MS)
    expect(writes).toHaveBeenCalledWith({ id: jobsCacheKey('clerk-7'), value: expect.any(Blob) })
    await expect.poll(async () => (await stored('clerk-7'))?.clientState.queries[0]?.state.data).toEqual([job, otherJob])
  })

  it('writes the copy again when a query leaves the cache, though no data changed', async () => {
    const { client } = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    act(() => void client.removeQueries({ queryKey: REPORT_TYPES_KEY }))
    await moveClock(THROTTLE_MS)
    await expect.poll(async () => (await stored('clerk-7'))?.clientState.queries.map((query) => query.queryKey)).toEqual([[...DASHBOARD_KEY]])
  })

  it('stores the copy as a Blob of its JSON text, a long list whole though written in slices', async () => {
    const longList = Array.from({ length: 250 }, (_, at) => aDashboardJob({ job_id: at + 1, property_address: `${at + 1} Mill Lane, Leeds` }))
    const { client } = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    act(() => void client.setQueryData(DASHBOARD_KEY, longList))
    await moveClock(THROTTLE_MS)
    await expect.poll(() => storedJobs('clerk-7')).toEqual(longList)
    const kept = (await localDb.jobsCaches.get(jobsCacheKey('clerk-7')))?.value
    expect(kept).toBeInstanceOf(Blob)
    expect((kept as Blob).type).toBe('application/json')
  })

  it('stores nothing when the token names no clerk', async () => {
    renderFrame({ clerk: null })
    await settledThenStopped()
    // With a clerk, the copy would have been written by now (persisted() in the test above).
    await moveClock(THROTTLE_MS)
    expect(await jobsCacheKeys()).toEqual([])
    expect(Object.keys(localStorage)).toEqual([])
  })
})

describe('QueryPersistence: reading the copy back', () => {
  it('shows the clerk’s stored jobs from the first render, before any answer', async () => {
    await keep('clerk-7', storedCopy([job]))
    const dashboard = vi.fn(() => new Promise<DashboardJob[]>(() => undefined))
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    expect(seen[0]).toEqual({ status: 'success', address: '41 Mill Lane, Leeds' })
    // Fresh (under the 30 s staleTime): not even asked for again.
    expect(dashboard).not.toHaveBeenCalled()
  })

  it('never shows one clerk’s copy to another', async () => {
    await keep('clerk-7', storedCopy([job]))
    const { seen } = renderFrame({ clerk: 'clerk-9', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    expect(await stored('clerk-7')).not.toBeNull()
  })

  it.each([
    ['older than 7 days', { timestamp: Date.now() - JOBS_CACHE_MAX_AGE_MS - 60_000 }],
    ['written by another version', { buster: 'jobs-cache-0' }],
  ])('drops a copy %s instead of showing it', async (_, written) => {
    await keep('clerk-7', storedCopy([job], written))
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    // Dropped; the copy written since (the lookup's answer) holds no jobs.
    await expect.poll(async () => (await stored('clerk-7'))?.clientState.queries.map((query) => query.queryKey) ?? []).not.toContainEqual([...DASHBOARD_KEY])
  })

  it('shows a copy kept as a Blob, as this release writes it, from the first render', async () => {
    await keep('clerk-7', new Blob([storedCopy([job])], { type: 'application/json' }))
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard: () => new Promise(() => undefined) })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    expect(seen.filter(({ address }) => address === undefined)).toEqual([])
  })

  it('sweeps other clerks’ stale copies and keeps their fresh ones', async () => {
    await keep('clerk-1', storedCopy([job], { timestamp: Date.now() - JOBS_CACHE_MAX_AGE_MS - 1 }))
    await keep('clerk-2', 'not json')
    await keep('clerk-3', storedCopy([job]))
    await keep('clerk-4', new Blob([storedCopy([job], { buster: 'jobs-cache-0' })]))
    await keep('clerk-5', new Blob([storedCopy([job])]))
    localStorage.setItem('signup_draft', '{}')
    renderFrame({ clerk: 'clerk-7' })
    await screen.findByLabelText('jobs')
    await expect.poll(() => stored('clerk-1')).toBeNull()
    await expect.poll(() => localDb.jobsCaches.get(jobsCacheKey('clerk-2'))).toBeUndefined()
    await expect.poll(() => stored('clerk-4')).toBeNull()
    expect(await stored('clerk-3')).not.toBeNull()
    expect(await stored('clerk-5')).not.toBeNull()
    expect(localStorage.getItem('signup_draft')).toBe('{}')
  })

  it('leaves the clerk’s own copy to the restore, which reads it anyway, and sweeps only the others', async () => {
    const expired = { timestamp: Date.now() - JOBS_CACHE_MAX_AGE_MS - 1 }
    await keep('clerk-7', storedCopy([job], expired))
    await keep('clerk-1', storedCopy([job], expired))
    await sweepStaleJobsCaches(jobsCacheKey('clerk-7'))
    expect(await stored('clerk-1')).toBeNull()
    expect(await stored('clerk-7')).not.toBeNull()
  })

  it('drops the clerk’s own copy that cannot be read instead of showing it', async () => {
    await keep('clerk-7', 'not json')
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    await expect.poll(async () => (await localDb.jobsCaches.get(jobsCacheKey('clerk-7')))?.value).not.toBe('not json')
  })

  it('removes the copies that older releases kept in localStorage, and reads only IndexedDB', async () => {
    localStorage.setItem(jobsCacheKey('clerk-7'), storedCopy([job]))
    localStorage.setItem(jobsCacheKey('clerk-3'), storedCopy([job]))
    localStorage.setItem('inspectscribe.other', '{}')
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    // Besides the mark written with the new copy in IndexedDB (the lookups' answer), which holds no data.
    expect(Object.keys(localStorage).filter((key) => !key.startsWith('inspectscribe.jobs-copy-kept.'))).toEqual(['inspectscribe.other'])
  })
})

describe('QueryPersistence: the end of a session', () => {
  it('wipes every stored copy and forgets the jobs when the session is ended, and writes nothing after', async () => {
    await keep('clerk-3', storedCopy([job]))
    const { client } = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    await storedJustNow(client, 'clerk-7', [job])

    // A change schedules a write, due a second from now; the session ends before it is due.
    act(() => void client.setQueryData(DASHBOARD_KEY, [job, otherJob]))
    await moveClock(0)
    expect(await storedJobs('clerk-7')).toEqual([job])
    expect(localStorage.getItem('inspectscribe.jobs-copy-kept.clerk-7')).toBe('1')
    act(() => clearSession())
    await expect.poll(jobsCacheKeys).toEqual([])
    expect(Object.keys(localStorage).filter((key) => key.startsWith('inspectscribe.jobs-copy-kept.'))).toEqual([])
    expect(client.getQueryData(DASHBOARD_KEY)).toBeUndefined()
    expect(client.getQueryData(['profile'])).toEqual({ full_name: 'Jordan' })
    // The lookups hold nothing personal: still in memory, only no longer on the device.
    expect(client.getQueryData(REPORT_TYPES_KEY)).toBeDefined()
    await moveClock(THROTTLE_MS)
    expect(await jobsCacheKeys()).toEqual([])
  })

  it('never lets a copy that was being written when the session ended land after the wipe', async () => {
    const longList = Array.from({ length: 250 }, (_, at) => aDashboardJob({ job_id: at + 1 }))
    const { client } = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    await storedJustNow(client, 'clerk-7', [job])
    // The long list's copy is written in slices; the first pause between them is held until the session has ended.
    const writing = holdAtFirstPause()
    act(() => void client.setQueryData(DASHBOARD_KEY, longList))
    await moveClock(THROTTLE_MS)
    await writing.paused
    act(() => clearSession())
    await expect.poll(jobsCacheKeys).toEqual([])
    writing.resume()
    // The rest of the copy is made in microtasks (the pauses no longer hold): the read below is queued after any write it makes.
    await moveClock(THROTTLE_MS)
    expect(await jobsCacheKeys()).toEqual([])
  })

  it('never lets a write scheduled by a frame already left land after a later wipe', async () => {
    // Clerk 7's frame has a write scheduled when it is left (an expired token sends the clerk to
    // the sign-in page); within that second clerk 9's session is ended, which wipes every copy.
    const first = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    await storedJustNow(first.client, 'clerk-7', [job])
    // More jobs arrive; their write is due a second from now.
    act(() => void first.client.setQueryData(DASHBOARD_KEY, [job, otherJob]))
    await moveClock(0)
    expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds; 42 Mill Lane, Leeds')
    expect(await storedJobs('clerk-7')).toEqual([job])
    first.unmount()
    renderFrame({ clerk: 'clerk-9', dashboard: () => new Promise(() => undefined) })

    act(() => clearSession())
    await expect.poll(jobsCacheKeys).toEqual([])
    await moveClock(THROTTLE_MS)
    expect(await jobsCacheKeys()).toEqual([])
  })

  it('wipes on a 403 from the API', async () => {
    renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail: 'Not authenticated' }), { status: 403, headers: { 'content-type': 'application/json' } }))
    await act(() => apiRequest('/clerk/dashboard').catch(() => undefined))
    await expect.poll(() => stored('clerk-7')).toBeNull()
  })

  it('keeps the copy and the token while the token is only expired (offline, the session goes on)', async () => {
    renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    expect(sessionStatus(Date.now() + 3_600_000)).toBe('expired')
    expect(sessionStorage.getItem('auth_token')).not.toBeNull()
    expect(await stored('clerk-7')).not.toBeNull()
  })

  it('wipes even when no clerk could be read from the token', async () => {
    await keep('clerk-3', storedCopy([job]))
    const { client } = renderFrame({ clerk: null })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    act(() => clearSession())
    await expect.poll(() => stored('clerk-3')).toBeNull()
    expect(client.getQueryData(DASHBOARD_KEY)).toBeUndefined()
  })
})
