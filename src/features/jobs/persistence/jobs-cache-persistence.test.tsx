import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { apiRequest } from '@/lib/api-client'
import { clearSession, isAuthenticated, saveSession } from '@/lib/session'
import { createTestQueryClient } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { JOBS_CACHE_BUSTER, JOBS_CACHE_MAX_AGE_MS, JobsCachePersistence, jobsCacheKey } from './jobs-cache-persistence'

const DASHBOARD_KEY = ['jobs', 'dashboard', 1_700_000_000_000, 1_700_600_000_000] as const
const job = aDashboardJob({ job_id: 41, property_address: '41 Mill Lane, Leeds' })
const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`
const tokenOf = (clerk: string) => jwt({ sub: clerk, exp: Math.floor(Date.now() / 1000) + 900 })

type Seen = { status: string; address: string | undefined }

/** A page with a jobs query, a failing jobs query and a query of another feature. */
function Probe({ seen, dashboard }: { seen: Seen[]; dashboard: () => Promise<DashboardJob[]> }) {
  const jobs = useQuery({ queryKey: DASHBOARD_KEY, queryFn: dashboard })
  useQuery({ queryKey: ['jobs', 'filter-options'], queryFn: () => Promise.reject(new Error('Failed to load filter options.')), retry: false })
  useQuery({ queryKey: ['profile'], queryFn: () => Promise.resolve({ full_name: 'Jordan' }) })
  seen.push({ status: jobs.status, address: jobs.data?.[0]?.property_address })
  return <output aria-label="jobs">{jobs.data ? jobs.data.map((row) => row.property_address).join('; ') : jobs.status}</output>
}

function renderFrame({ clerk, dashboard = () => Promise.resolve([job]) }: { clerk: string | null; dashboard?: () => Promise<DashboardJob[]> }) {
  if (clerk) saveSession(tokenOf(clerk), 'CLERK')
  else saveSession('opaque-token', 'CLERK')
  const client: QueryClient = createTestQueryClient()
  const seen: Seen[] = []
  const rendered = render(
    <QueryClientProvider client={client}>
      <JobsCachePersistence>
        <Probe seen={seen} dashboard={dashboard} />
      </JobsCachePersistence>
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

const stored = (clerk: string) => {
  const raw = localStorage.getItem(jobsCacheKey(clerk))
  return raw ? (JSON.parse(raw) as { buster: string; timestamp: number; clientState: { queries: { queryKey: unknown[] }[]; mutations: unknown[] } }) : null
}

// The persister writes at most once a second (a throttle on setTimeout). The clock is faked so that a
// test moves past that second at once instead of sleeping through it, which a busy machine could
// stretch past any fixed wait; it still runs on by itself, for React Query's and the DOM's own timers.
// Restoring the real clock after each test also drops a write an earlier test's frame left scheduled.
const THROTTLE_MS = 1000

/** Lets the persister's throttle run out, so that every write it has scheduled has landed (or not). */
const throttleRunOut = () => act(() => vi.advanceTimersByTimeAsync(THROTTLE_MS))

/** Waits until the jobs show, then lets the throttle run out: the copy holds them now. */
async function persisted(clerk: string) {
  await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
  await throttleRunOut()
  expect(stored(clerk)).not.toBeNull()
}

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers({ shouldAdvanceTime: true })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('JobsCachePersistence: what is stored', () => {
  it('stores only the successful jobs queries, under the clerk’s own key', async () => {
    renderFrame({ clerk: 'clerk-7' })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    await persisted('clerk-7')
    const copy = stored('clerk-7')!
    expect(copy.buster).toBe(JOBS_CACHE_BUSTER)
    expect(copy.clientState.queries.map((query) => query.queryKey)).toEqual([[...DASHBOARD_KEY]])
    expect(copy.clientState.mutations).toEqual([])
    expect(Object.keys(localStorage)).toEqual(['inspectscribe.jobs-cache.clerk-7'])
  })

  it('stores nothing when the token names no clerk', async () => {
    renderFrame({ clerk: null })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    await throttleRunOut()
    expect(Object.keys(localStorage)).toEqual([])
  })
})

describe('JobsCachePersistence: reading the copy back', () => {
  it('shows the clerk’s stored jobs from the first render, before any answer', async () => {
    localStorage.setItem(jobsCacheKey('clerk-7'), storedCopy([job]))
    const dashboard = vi.fn(() => new Promise<DashboardJob[]>(() => undefined))
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    expect(seen[0]).toEqual({ status: 'success', address: '41 Mill Lane, Leeds' })
    // Fresh (under the 30 s staleTime): not even asked for again.
    expect(dashboard).not.toHaveBeenCalled()
  })

  it('never shows one clerk’s copy to another', async () => {
    localStorage.setItem(jobsCacheKey('clerk-7'), storedCopy([job]))
    const { seen } = renderFrame({ clerk: 'clerk-9', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    expect(stored('clerk-7')).not.toBeNull()
  })

  it.each([
    ['older than 7 days', { timestamp: Date.now() - JOBS_CACHE_MAX_AGE_MS - 60_000 }],
    ['written by another version', { buster: 'jobs-cache-0' }],
  ])('drops a copy %s instead of showing it', async (_, written) => {
    localStorage.setItem(jobsCacheKey('clerk-7'), storedCopy([job], written))
    const { seen } = renderFrame({ clerk: 'clerk-7', dashboard: () => new Promise(() => undefined) })
    expect(await screen.findByLabelText('jobs')).toHaveTextContent('pending')
    expect(seen.every(({ address }) => address === undefined)).toBe(true)
    expect(stored('clerk-7')).toBeNull()
  })

  it('sweeps other clerks’ stale copies and keeps their fresh ones', async () => {
    localStorage.setItem(jobsCacheKey('clerk-1'), storedCopy([job], { timestamp: Date.now() - JOBS_CACHE_MAX_AGE_MS - 1 }))
    localStorage.setItem(jobsCacheKey('clerk-2'), 'not json')
    localStorage.setItem(jobsCacheKey('clerk-3'), storedCopy([job]))
    localStorage.setItem('signup_draft', '{}')
    renderFrame({ clerk: 'clerk-7' })
    await screen.findByLabelText('jobs')
    expect(stored('clerk-1')).toBeNull()
    expect(localStorage.getItem(jobsCacheKey('clerk-2'))).toBeNull()
    expect(stored('clerk-3')).not.toBeNull()
    expect(localStorage.getItem('signup_draft')).toBe('{}')
  })
})

describe('JobsCachePersistence: the end of a session', () => {
  it('wipes every stored copy and forgets the jobs when the session is ended, and writes nothing after', async () => {
    localStorage.setItem(jobsCacheKey('clerk-3'), storedCopy([job]))
    const { client } = renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')

    act(() => clearSession())
    expect(Object.keys(localStorage).filter((key) => key.startsWith('inspectscribe.jobs-cache.'))).toEqual([])
    expect(client.getQueryData(DASHBOARD_KEY)).toBeUndefined()
    expect(client.getQueryData(['profile'])).toEqual({ full_name: 'Jordan' })
    await throttleRunOut()
    expect(stored('clerk-7')).toBeNull()
  })

  it('never lets a write scheduled by a frame already left land after a later wipe', async () => {
    // Clerk 7's frame has a write scheduled when it is left (an expired token sends the clerk to
    // the sign-in page); within that second clerk 9's session is ended, which wipes every copy.
    const first = renderFrame({ clerk: 'clerk-7' })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    expect(stored('clerk-7')).toBeNull()
    first.unmount()
    renderFrame({ clerk: 'clerk-9' })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))

    act(() => clearSession())
    await throttleRunOut()
    expect(Object.keys(localStorage).filter((key) => key.startsWith('inspectscribe.jobs-cache.'))).toEqual([])
  })

  it('wipes on a 403 from the API', async () => {
    renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail: 'Not authenticated' }), { status: 403, headers: { 'content-type': 'application/json' } }))
    await act(() => apiRequest('/clerk/dashboard').catch(() => undefined))
    expect(stored('clerk-7')).toBeNull()
  })

  it('keeps the copy when an expired token is only removed by the sign-in check', async () => {
    renderFrame({ clerk: 'clerk-7' })
    await persisted('clerk-7')
    act(() => void isAuthenticated(Date.now() + 3_600_000))
    expect(sessionStorage.getItem('auth_token')).toBeNull()
    expect(stored('clerk-7')).not.toBeNull()
  })

  it('wipes even when no clerk could be read from the token', async () => {
    localStorage.setItem(jobsCacheKey('clerk-3'), storedCopy([job]))
    const { client } = renderFrame({ clerk: null })
    await waitFor(() => expect(screen.getByLabelText('jobs')).toHaveTextContent('41 Mill Lane, Leeds'))
    act(() => clearSession())
    expect(stored('clerk-3')).toBeNull()
    expect(client.getQueryData(DASHBOARD_KEY)).toBeUndefined()
  })
})
