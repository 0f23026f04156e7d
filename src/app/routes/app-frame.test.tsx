// The signed-in frame keeps the clerk's jobs on the device and wipes them on every way out: Logout,
// account deletion and the inactivity logout (a 403 is covered by the persistence module's own tests).
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from '@/lib/api-client'
import { saveSession } from '@/lib/session'
import { ACCOUNT_DELETED_REDIRECT_DELAY_MS } from '@/features/account/components/delete-account-dialog'
import { INACTIVITY_TIMEOUT_MS } from '@/features/auth/use-inactivity-timer'
import { createTestQueryClient, heldReply, profileAnswer, setUpFakePortalApi, stubViewport } from '@/test/fake-portal-api'
import { localDb } from '@/lib/local-db'
import { startFakeClock, type FrozenClock } from '@/test/manual-clock'
import { withCloneableBlobs } from '@/test/cloneable-blobs'
import { keptCopyText } from '../query-persistence'
import { AppFrame } from './app-frame'

const api = setUpFakePortalApi()

const CACHE_KEY = 'inspectscribe.jobs-cache.clerk-7'
const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`

function JobsProbe() {
  const jobs = useQuery({ queryKey: ['jobs', 'dashboard', 1, 2], queryFn: () => apiRequest<{ job_id: number }[]>('/clerk/dashboard') })
  return <h1>{jobs.data ? `${jobs.data.length} job(s)` : 'My Jobs'}</h1>
}

function Elsewhere() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

function renderFrame(userOptions?: Parameters<typeof userEvent.setup>[0]) {
  stubViewport(false)
  saveSession(jwt({ sub: 'clerk-7', exp: Math.floor(Date.now() / 1000) + 3600 }), 'CLERK')
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  api.answer('GET', '/notification', { status: 200, body: [] })
  api.answer('GET', '/clerk/dashboard', { status: 200, body: [{ job_id: 1 }] })
  api.answer('POST', '/auth/logout', { status: 204 })
  const client = createTestQueryClient()
  const user = userEvent.setup({ delay: null, ...userOptions })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/my-jobs']}>
          <Routes>
            <Route element={<AppFrame />}>
              <Route path="/my-jobs" element={<JobsProbe />} />
            </Route>
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { user, client }
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /Profile menu$/ }))
  return screen.findByRole('menu')
}

beforeEach(() => withCloneableBlobs())

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

// The persister writes at most once a second. The tests move a fake clock past that second rather than
// wait for it: the clock follows real time while the test clicks (user-event, Fluent and React Query
// need their timers), and stands still whenever the test looks at what a timer of the app did.
const PERSIST_THROTTLE_MS = 1000

/**
 * Reads the clerk's copy from IndexedDB, again and again, until `check` passes on it. On the stopped
 * clock: fake-indexeddb answers through setImmediate, which the fake clock runs as the settle goes.
 */
async function storedCopySettles(frozen: FrozenClock, check: (copy: string | undefined) => void) {
  let read: { copy: string | undefined } | null = null
  let reading = false
  await frozen.settle(() => {
    if (!reading) {
      reading = true
      void localDb.jobsCaches.get(CACHE_KEY).then(async (record) => {
        const kept = record?.value
        read = { copy: kept === undefined ? undefined : await keptCopyText(kept) }
        reading = false
      })
    }
    expect(read).not.toBeNull()
    check(read!.copy)
  })
}

const wiped = (copy: string | undefined) => expect(copy).toBeUndefined()

/** Stops the clock, moves it past the persister's throttle and sees the jobs stored; `resume` lets it run on. */
async function jobsStored(clock: ReturnType<typeof startFakeClock>) {
  const frozen = clock.freeze()
  await frozen.advance(PERSIST_THROTTLE_MS)
  await storedCopySettles(frozen, (copy) => expect(copy).toContain('"job_id":1'))
  return frozen
}

describe('AppFrame: the offline copy of the jobs', () => {
  it('keeps the jobs under the clerk’s key, and Logout wipes them', async () => {
    const clock = startFakeClock()
    const { user, client } = renderFrame({ advanceTimers: vi.advanceTimersByTime })
    expect(await screen.findByRole('heading', { name: '1 job(s)' })).toBeInTheDocument()
    await jobsStored(clock)
    clock.resume()

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    await storedCopySettles(clock.freeze(), wiped)
    expect(client.getQueryData(['jobs', 'dashboard', 1, 2])).toBeUndefined()
  })

  it('wipes them when the account is deleted', async () => {
    const held = heldReply({ status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    api.answer('POST', '/account/gdpr-delete', held.promise)
    const clock = startFakeClock()
    const { user } = renderFrame({ advanceTimers: vi.advanceTimersByTime })
    await screen.findByRole('heading', { name: '1 job(s)' })
    await jobsStored(clock)
    clock.resume()

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Delete Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' })
    for (const checkbox of within(dialog).getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }))
    await within(dialog).findByRole('button', { name: 'Deleting...' })
    // The sign-out comes 2 s after the answer: on a stopped clock, when the test moves it on.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(within(dialog).getByRole('status')).toBeInTheDocument())
    await frozen.advance(ACCOUNT_DELETED_REDIRECT_DELAY_MS)
    await frozen.settle(() => expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/))
    clock.resume()
    await expect.poll(() => localDb.jobsCaches.get(CACHE_KEY)).toBeUndefined()
  })

  it('wipes them at the inactivity logout', async () => {
    const clock = startFakeClock()
    renderFrame({ advanceTimers: vi.advanceTimersByTime })
    await screen.findByRole('heading', { name: '1 job(s)' })
    const frozen = await jobsStored(clock)

    await frozen.advance(INACTIVITY_TIMEOUT_MS)
    await frozen.settle(() => expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/))
    expect(sessionStorage.getItem('forced_logout')).toBe('true')
    await storedCopySettles(frozen, wiped)
  })
})
