import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readSession, saveSession } from '@/lib/session'
import { RequireAuth } from './require-auth'

const nowSeconds = () => Math.floor(Date.now() / 1000)
const token = (iat: number) => `h.${btoa(JSON.stringify({ sub: 'clerk-7', iat, exp: iat + 900 }))}.s`
/** A token received 20 minutes ago: 5 minutes past its expiry. */
const expiredToken = () => {
  saveSession(token(nowSeconds() - 20 * 60), 'CLERK', Date.now() - 20 * 60_000)
  return readSession()!.token
}

function Where() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

function renderProtectedPage() {
  render(
    <MemoryRouter initialEntries={['/my-jobs']}>
      <Routes>
        <Route path="/login" element={<h1>Sign in</h1>} />
        <Route element={<RequireAuth />}>
          <Route path="/my-jobs" element={<h1>My Jobs</h1>} />
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>,
  )
}

describe('RequireAuth with an expired token', () => {
  let refreshAnswer: Response | Error
  let refreshCalls = 0
  beforeEach(() => {
    refreshCalls = 0
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toBe('/api/auth/refresh-token')
      refreshCalls++
      if (refreshAnswer instanceof Error) throw refreshAnswer
      return refreshAnswer
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('keeps the clerk on the page while offline, token and all, asking nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const held = expiredToken()
    renderProtectedPage()
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/my-jobs$/)
    expect(readSession()?.token).toBe(held)
    expect(refreshCalls).toBe(0)
  })

  it('online, refreshes it through the refresh cookie first, then opens the page', async () => {
    const fresh = token(nowSeconds())
    refreshAnswer = new Response(JSON.stringify({ access: fresh }), { status: 200, headers: { 'content-type': 'application/json' } })
    expiredToken()
    renderProtectedPage()
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(refreshCalls).toBe(1)
    expect(readSession()?.token).toBe(fresh)
  })

  it('online, goes to /login when the server refuses the refresh, and the token is gone', async () => {
    refreshAnswer = new Response(JSON.stringify({ detail: 'Your session has ended. Please sign in again.' }), { status: 403, headers: { 'content-type': 'application/json' } })
    expiredToken()
    renderProtectedPage()
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(screen.queryByRole('heading', { name: 'My Jobs' })).not.toBeInTheDocument()
    expect(readSession()).toBeNull()
  })

  it('online but reaching nothing, stays on the page as offline (the keep-alive tries again)', async () => {
    refreshAnswer = new TypeError('Failed to fetch')
    const held = expiredToken()
    renderProtectedPage()
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(refreshCalls).toBe(1)
    expect(readSession()?.token).toBe(held)
  })
})
