// Two tabs of one clerk refresh with the same cookie at the same moment. The server answers a token
// rotated moments ago with the successor it already issued, so a genuine race signs nobody out, while
// the same token presented after the grace window (or a token rotated twice ago) still revokes the family.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { REFRESH_REUSE_GRACE_MS } from '../../src/auth/sessions.ts'
import { refreshTokens } from '../../src/db/schema.ts'
import { createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const SESSION_ENDED = { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }

describe('a refresh token presented twice at nearly the same moment', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'two-tabs@example.com')
  })
  afterAll(() => t.app.close())
  // Only Date is faked: the clock stands still until a test moves it, so no test waits for real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T12:00:00Z') }))
  afterEach(() => vi.useRealTimers())

  const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { inspectscribe_refresh: cookie } })
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })
  const newCookie = (response: Awaited<ReturnType<typeof refresh>>) => response.cookies.find((c) => c.name === 'inspectscribe_refresh')?.value
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

  it('answers both of two concurrent refreshes with the same new cookie and access token', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const [first, second] = await Promise.all([refresh(session.refreshCookie), refresh(session.refreshCookie)])

    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(newCookie(first)).toBeTruthy()
    expect(newCookie(first)).not.toBe(session.refreshCookie)
    expect(newCookie(second)).toBe(newCookie(first))
    expect(second.json().access).toBe(first.json().access)

    // The session is still live: the new access token works and the new cookie refreshes again.
    expect((await profile(first.json().access)).statusCode).toBe(200)
    const next = await refresh(newCookie(first)!)
    expect(next.statusCode).toBe(200)
    expect((await profile(next.json().access)).statusCode).toBe(200)
  })

  it('answers the just-rotated token with the same successor until the window closes', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const first = await refresh(session.refreshCookie)
    later(REFRESH_REUSE_GRACE_MS)
    const late = await refresh(session.refreshCookie)

    expect(late.statusCode).toBe(200)
    expect(newCookie(late)).toBe(newCookie(first))
    expect(late.json().access).toBe(first.json().access)
    expect((await profile(late.json().access)).statusCode).toBe(200)
  })

  it('revokes the family when the rotated token comes back after the window', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const first = await refresh(session.refreshCookie)
    later(REFRESH_REUSE_GRACE_MS + 1)

    const replay = await refresh(session.refreshCookie)
    expect(replay.statusCode).toBe(403)
    expect(replay.json()).toEqual(SESSION_ENDED)
    expect((await refresh(newCookie(first)!)).statusCode).toBe(403)
    expect((await profile(first.json().access)).statusCode).toBe(403)
  })

  it('revokes the family for a token rotated twice ago, even inside the window', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const first = await refresh(session.refreshCookie)
    const second = await refresh(newCookie(first)!)
    expect(second.statusCode).toBe(200)

    const replay = await refresh(session.refreshCookie)
    expect(replay.statusCode).toBe(403)
    expect(replay.json()).toEqual(SESSION_ENDED)
    expect((await refresh(newCookie(second)!)).statusCode).toBe(403)
    expect((await profile(second.json().access)).statusCode).toBe(403)
  })

  it('answers nothing for a just-rotated token once the session has been signed out', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const first = await refresh(session.refreshCookie)
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { inspectscribe_refresh: newCookie(first)! } })

    const replay = await refresh(session.refreshCookie)
    expect(replay.statusCode).toBe(403)
    expect(replay.json()).toEqual(SESSION_ENDED)
    expect(newCookie(replay)).toBe('')
  })

  it('stores no refresh token in the clear, the successor kept for the window included', async () => {
    const session = await signIn(t, 'two-tabs@example.com')
    const first = await refresh(session.refreshCookie)
    const stored = JSON.stringify(await t.database.db.select().from(refreshTokens))
    expect(stored).not.toContain(session.refreshCookie)
    expect(stored).not.toContain(newCookie(first))
  })
})
