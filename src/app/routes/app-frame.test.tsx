// The signed-in frame keeps the clerk's jobs on the device and wipes them on every way out: Logout,
// account deletion and the inactivity logout (a 403 is covered by the persistence module's own tests).
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from '@/lib/api-client'
import { saveSession } from '@/lib/session'
import { createTestQueryClient, profileAnswer, setUpFakePortalApi, stubViewport } from '@/test/fake-portal-api'
import AppFrame from './app-frame'

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
  await user.click(await screen.findByRole('button', { name: 'Profile menu' }))
  return screen.findByRole('menu')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AppFrame: the offline copy of the jobs', () => {
  it('keeps the jobs under the clerk’s key, and Logout wipes them', async () => {
    const { user, client } = renderFrame()
    expect(await screen.findByRole('heading', { name: '1 job(s)' })).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem(CACHE_KEY)).not.toBeNull())

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
    expect(client.getQueryData(['jobs', 'dashboard', 1, 2])).toBeUndefined()
  })

  it('wipes them when the account is deleted', async () => {
    api.answer('POST', '/account/gdpr-delete', { status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    const { user } = renderFrame()
    await screen.findByRole('heading', { name: '1 job(s)' })
    await waitFor(() => expect(localStorage.getItem(CACHE_KEY)).not.toBeNull())

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Delete Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' })
    for (const checkbox of within(dialog).getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })

  it('wipes them at the inactivity logout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderFrame({ advanceTimers: vi.advanceTimersByTime })
    await screen.findByRole('heading', { name: '1 job(s)' })
    await act(() => vi.advanceTimersByTimeAsync(1_500))
    expect(localStorage.getItem(CACHE_KEY)).not.toBeNull()

    await act(() => vi.advanceTimersByTimeAsync(15 * 60_000))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(sessionStorage.getItem('forced_logout')).toBe('true')
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })
})
