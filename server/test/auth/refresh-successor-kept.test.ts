// The successor sealed under a just-exchanged refresh token (kept so a second tab inside the grace
// window gets the same answer) must not outlive its use: otherwise the first token of a session and a
// copy of the database open every link of the chain, up to the live token.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { forgetSuccessorsPastGrace, REFRESH_REUSE_GRACE_MS } from '../../src/auth/sessions.ts'
import { hashToken, openWithToken } from '../../src/auth/tokens.ts'
import { refreshTokens } from '../../src/db/schema.ts'
import { createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

type StoredToken = typeof refreshTokens.$inferSelect

/** Follows the sealed successors from `token` as someone holding it and a copy of the table could. */
function walkChain(rows: StoredToken[], token: string): string {
  for (let current = token; ; ) {
    const sealed = rows.find((row) => row.tokenHash === hashToken(current))?.successorSealed
    const next = sealed ? openWithToken(current, sealed) : null
    if (!next) return current
    current = next
  }
}

describe('the sealed successor of an exchanged refresh token', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'sealed-chain@example.com')
  })
  afterAll(() => t.app.close())
  // Only Date is faked: the clock stands still until a test moves it.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T12:00:00Z') }))
  afterEach(() => vi.useRealTimers())

  const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { inspectscribe_refresh: cookie } })
  const newCookie = (response: Awaited<ReturnType<typeof refresh>>) => response.cookies.find((c) => c.name === 'inspectscribe_refresh')!.value
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

  /** Signs in and refreshes `times` times, a minute apart; the cookies in order, the live one last. */
  async function chainOfRefreshes(times: number): Promise<{ cookies: string[]; rows: () => Promise<StoredToken[]> }> {
    const cookies = [(await signIn(t, 'sealed-chain@example.com')).refreshCookie]
    for (let i = 0; i < times; i++) {
      later(60_000)
      const answer = await refresh(cookies.at(-1)!)
      expect(answer.statusCode).toBe(200)
      cookies.push(newCookie(answer))
    }
    const [first] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(cookies[0]!)))
    const rows = () => t.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, first!.sessionId))
    return { cookies, rows }
  }

  it('is kept only by the token exchanged last, and the first token opens nothing', async () => {
    const { cookies, rows } = await chainOfRefreshes(5)
    const stored = await rows()
    expect(stored).toHaveLength(6)
    const keeping = stored.filter((row) => row.successorSealed !== null).map((row) => row.tokenHash)
    expect(keeping).toEqual([hashToken(cookies[4]!)])
    const live = cookies[5]!
    for (const old of cookies.slice(0, 4)) expect(walkChain(stored, old)).toBe(old)
    expect(walkChain(stored, cookies[0]!)).not.toBe(live)
  })

  it('is dropped once the grace window has passed, and the live token still refreshes', async () => {
    const { cookies, rows } = await chainOfRefreshes(3)
    const keeping = async () => (await rows()).filter((row) => row.successorSealed !== null).length

    // Inside the window the second tab is still answered, so the sweep keeps it.
    later(REFRESH_REUSE_GRACE_MS)
    await forgetSuccessorsPastGrace(t.database.db)
    expect(await keeping()).toBe(1)
    const secondTab = await refresh(cookies[2]!)
    expect(secondTab.statusCode).toBe(200)
    expect(newCookie(secondTab)).toBe(cookies[3])

    later(1)
    await forgetSuccessorsPastGrace(t.database.db)
    expect(await keeping()).toBe(0)
    expect(walkChain(await rows(), cookies[2]!)).toBe(cookies[2])
    expect((await refresh(cookies[3]!)).statusCode).toBe(200)
  })

  it('is dropped with the whole session when an old token comes back after the window', async () => {
    const { cookies, rows } = await chainOfRefreshes(2)
    later(REFRESH_REUSE_GRACE_MS + 1)
    expect((await refresh(cookies[1]!)).statusCode).toBe(403)
    expect((await rows()).filter((row) => row.successorSealed !== null)).toEqual([])
  })

  // Only PostgreSQL runs two transactions at once (PGlite takes them in turn). An exchange must not wait
  // for an older token's row that another request holds (a second tab's replay of it, or the sweep):
  // that request may be waiting for the row this exchange holds, and each would wait for the other.
  it.runIf(inject('databaseKind') === 'postgres')('does not make an exchange wait for an older token another request holds', async () => {
    const { cookies, rows } = await chainOfRefreshes(1)
    const answer = await t.database.db.transaction(async (tx) => {
      await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(cookies[0]!))).for('update')
      return refresh(cookies[1]!)
    })
    expect(answer.statusCode).toBe(200)
    // The row that was held keeps its successor until the sweep, past the window.
    const keeping = async () => (await rows()).filter((row) => row.successorSealed !== null).map((row) => row.tokenHash).sort()
    expect(await keeping()).toEqual([hashToken(cookies[0]!), hashToken(cookies[1]!)].sort())
    later(REFRESH_REUSE_GRACE_MS + 1)
    await forgetSuccessorsPastGrace(t.database.db)
    expect(await keeping()).toEqual([])
  })
})
