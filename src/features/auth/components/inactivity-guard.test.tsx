import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readSession, saveSession } from '@/lib/session'
import { InactivityGuard } from './inactivity-guard'

function LoginProbe() {
  const location = useLocation()
  return <p>login page {JSON.stringify(location.state)}</p>
}

function renderGuarded() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/my-jobs']}>
          <Routes>
            <Route path="/my-jobs" element={<InactivityGuard><p>job list</p></InactivityGuard>} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

describe('the inactivity guard', () => {
  const logoutCalls: string[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    logoutCalls.length = 0
    vi.stubGlobal('fetch', async (url: string) => {
      logoutCalls.push(url)
      return new Response(JSON.stringify({ message: 'Signed out' }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    saveSession('opaque-token', 'CLERK')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('warns 15 seconds before 15 minutes of inactivity, counting down in mm:ss', async () => {
    renderGuarded()
    await advance(14 * 60_000 + 44_000)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await advance(1_000)
    const dialog = screen.getByRole('alertdialog', { name: 'Session timeout' })
    expect(dialog).toHaveTextContent('You have been inactive for a while. For your security you will be signed out in 00:15.')
    await advance(1_000)
    expect(dialog).toHaveTextContent('signed out in 00:14')
  })

  it.each(['mouseMove', 'keyDown', 'scroll', 'touchStart', 'click'] as const)('starts again on %s', async (kind) => {
    renderGuarded()
    await advance(14 * 60_000 + 50_000)
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    fireEvent[kind](window)
    await advance(1_000)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await advance(14 * 60_000)
    expect(screen.getByText('job list')).toBeInTheDocument()
  })

  it('at zero signs out, flags the forced logout and opens /login with the session-expired state', async () => {
    renderGuarded()
    await advance(15 * 60_000 + 1_000)
    await advance(0) // let the logout call settle
    expect(screen.getByText('login page {"sessionExpired":true}')).toBeInTheDocument()
    expect(readSession()).toBeNull()
    expect(sessionStorage.getItem('forced_logout')).toBe('true')
    expect(logoutCalls).toEqual(['/api/auth/logout'])
  })

  it('still signs out after 15 idle minutes while offline with an expired token, and forgets it on this device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const iat = Math.floor(Date.now() / 1000) - 20 * 60
    saveSession(`h.${btoa(JSON.stringify({ sub: 'clerk-7', iat, exp: iat + 900 }))}.s`, 'CLERK', Date.now() - 20 * 60_000)
    renderGuarded()
    await advance(14 * 60_000)
    expect(screen.getByText('job list')).toBeInTheDocument()
    await advance(60_000 + 1_000)
    await advance(0)
    expect(screen.getByText('login page {"sessionExpired":true}')).toBeInTheDocument()
    expect(readSession()).toBeNull()
    expect(sessionStorage.getItem('forced_logout')).toBe('true')
  })

  it('carries on counting across a reload: the last activity is kept with the session', async () => {
    renderGuarded()
    await advance(10 * 60_000)
    expect(sessionStorage.getItem('last_activity')).toBe(String(Date.now() - 10 * 60_000))
    cleanup() // the page goes away (a reload), the session storage stays
    renderGuarded()
    await advance(4 * 60_000 + 45_000)
    expect(screen.getByRole('alertdialog', { name: 'Session timeout' })).toBeInTheDocument()
    await advance(15_000 + 1_000)
    await advance(0)
    expect(screen.getByText('login page {"sessionExpired":true}')).toBeInTheDocument()
  })

  it('after a reload past the deadline, signs out at once', async () => {
    sessionStorage.setItem('last_activity', String(Date.now() - 16 * 60_000))
    renderGuarded()
    await advance(0)
    expect(screen.getByText('login page {"sessionExpired":true}')).toBeInTheDocument()
  })
})
