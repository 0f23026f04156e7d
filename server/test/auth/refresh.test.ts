import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { REFRESH_REUSE_GRACE_MS } from '../../src/auth/sessions.ts'
import { createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('refresh tokens', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'refresh@example.com')
  })
  afterAll(() => t.app.close())
  afterEach(() => vi.useRealTimers())

  // A rotated token is answered once more only within seconds of its exchange (two tabs at once, see
  // refresh-race.test.ts); a replay after that is theft. Only Date is faked, to step past the window.
  const pastTheGraceWindow = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    vi.setSystemTime(Date.now() + REFRESH_REUSE_GRACE_MS + 1)
  }

  const refresh = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: cookie ? { inspectscribe_refresh: cookie } : {} })
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })
  const newCookie = (response: Awaited<ReturnType<typeof refresh>>) => response.cookies.find((c) => c.name === 'inspectscribe_refresh')!.value

  it('exchanges the cookie for a new access token and a new cookie', async () => {
    const session = await signIn(t, 'refresh@example.com')
    const response = await refresh(session.refreshCookie)
    expect(response.statusCode).toBe(200)
    const { access } = response.json()
    expect(access.split('.')).toHaveLength(3)
    expect(newCookie(response)).not.toBe(session.refreshCookie)
    expect((await profile(access)).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is used again', async () => {
    const session = await signIn(t, 'refresh@example.com')
    const first = await refresh(session.refreshCookie)
    const rotated = newCookie(first)
    const { access } = first.json()

    pastTheGraceWindow()
    const replay = await refresh(session.refreshCookie)
    expect(replay.statusCode).toBe(403)
    expect(replay.json()).toEqual({ detail: 'Your session has ended. Please sign in again.', code: 'session_ended' })

    // The thief's replay ended the session for the rightful holder too.
    expect((await refresh(rotated)).statusCode).toBe(403)
    expect((await profile(access)).statusCode).toBe(403)
    expect((await profile(session.token)).statusCode).toBe(403)
  })

  it('leaves other sessions of the same clerk alone', async () => {
    const tablet = await signIn(t, 'refresh@example.com')
    const desktop = await signIn(t, 'refresh@example.com')
    await refresh(tablet.refreshCookie)
    pastTheGraceWindow()
    expect((await refresh(tablet.refreshCookie)).statusCode).toBe(403) // reuse: the tablet's family is revoked
    expect((await profile(desktop.token)).statusCode).toBe(200)
    expect((await refresh(desktop.refreshCookie)).statusCode).toBe(200)
  })

  it('answers 403 without a cookie or with an unknown one', async () => {
    expect((await refresh()).statusCode).toBe(403)
    expect((await refresh('made-up')).statusCode).toBe(403)
  })

  it('is revoked by logout, which also clears the cookie', async () => {
    const session = await signIn(t, 'refresh@example.com')
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { inspectscribe_refresh: session.refreshCookie } })
    expect(logout.statusCode).toBe(200)
    expect(logout.json()).toEqual({ message: 'Signed out', success: true })
    const cleared = logout.cookies.find((c) => c.name === 'inspectscribe_refresh')
    expect(cleared?.value).toBe('')
    expect((await refresh(session.refreshCookie)).statusCode).toBe(403)
    expect((await profile(session.token)).statusCode).toBe(403)
  })
})
