// Two tabs of one clerk: this tab (the module under test) and "the other tab", played by the test
// through the same Web Lock name and BroadcastChannel name a second tab would use.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshAccessToken } from './api-client'
import { adoptRefreshedToken, adoptTokensFromOtherTabs, REFRESH_CHANNEL_NAME, REFRESH_LOCK_NAME, withRefreshLock } from './refresh-lock'
import { clearSession, readSession, saveSession } from './session'

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds
const jwt = (sub: string, exp: number) => `h.${btoa(JSON.stringify({ sub, exp }))}.s`

/** A browser's lock manager for one lock at a time: requests for a held name wait in turn. */
function fakeLockManager() {
  const tails = new Map<string, Promise<unknown>>()
  return {
    request(name: string, callback: () => Promise<unknown>) {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback)
      tails.set(name, run.catch(() => undefined))
      return run
    },
  }
}

describe('token refresh across the clerk’s tabs', () => {
  const events: string[] = []
  const otherTab = { channel: null as BroadcastChannel | null }
  let stopAdopting = () => undefined as void
  const serverToken = jwt('clerk-7', inSeconds(900))

  beforeEach(() => {
    events.length = 0
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLockManager() })
    vi.stubGlobal('fetch', async (url: string) => {
      events.push(`fetch ${url}`)
      return new Response(JSON.stringify({ access: serverToken }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    otherTab.channel = new BroadcastChannel(REFRESH_CHANNEL_NAME)
    stopAdopting = adoptTokensFromOtherTabs()
  })
  afterEach(() => {
    stopAdopting()
    otherTab.channel?.close()
    vi.unstubAllGlobals()
  })

  /** The other tab takes the refresh lock and keeps it until `release` is called. */
  const otherTabHoldsTheLock = () => {
    let release = () => undefined as void
    const done = new Promise<void>((resolve) => (release = resolve))
    void navigator.locks.request(REFRESH_LOCK_NAME, () => done)
    return () => {
      events.push('other tab done')
      release()
    }
  }

  it('waits while another tab refreshes, then takes the token it handed over instead of refreshing', async () => {
    saveSession(jwt('clerk-7', inSeconds(50)), 'CLERK')
    const release = otherTabHoldsTheLock()
    const refreshed = refreshAccessToken()

    const handedOver = jwt('clerk-7', inSeconds(900))
    otherTab.channel!.postMessage({ type: 'token-refreshed', token: handedOver })
    await vi.waitFor(() => expect(readSession()?.token).toBe(handedOver))
    release()

    await expect(refreshed).resolves.toBe(true)
    expect(events).toEqual(['other tab done'])
    expect(readSession()?.token).toBe(handedOver)
  })

  it('refreshes after its turn when no token came, and hands the new one to the other tabs', async () => {
    saveSession(jwt('clerk-7', inSeconds(50)), 'CLERK')
    const heard: unknown[] = []
    otherTab.channel!.onmessage = (event) => heard.push(event.data)
    const release = otherTabHoldsTheLock()
    const refreshed = refreshAccessToken()
    release()

    await expect(refreshed).resolves.toBe(true)
    expect(events).toEqual(['other tab done', 'fetch /api/auth/refresh-token'])
    expect(readSession()?.token).toBe(serverToken)
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'token-refreshed', token: serverToken, receivedAt: expect.any(Number) }]))
  })

  it('does not refresh a tab that was signed out while it waited its turn', async () => {
    saveSession(jwt('clerk-7', inSeconds(50)), 'CLERK')
    const release = otherTabHoldsTheLock()
    const refreshed = refreshAccessToken()
    clearSession()
    release()

    await expect(refreshed).resolves.toBe(false)
    expect(events).toEqual(['other tab done'])
    expect(readSession()).toBeNull()
  })

  it('runs the refresh at once where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    await expect(withRefreshLock(async () => 'ran')).resolves.toBe('ran')
  })
})

describe('adoptRefreshedToken', () => {
  it('takes a longer-lasting token of the same clerk, keeping the role', () => {
    saveSession(jwt('clerk-7', inSeconds(50)), 'CLERK')
    const newer = jwt('clerk-7', inSeconds(900))
    expect(adoptRefreshedToken(newer)).toBe(true)
    expect(readSession()).toEqual({ token: newer, expiresAt: inSeconds(900) * 1000, role: 'CLERK' })
  })

  it('leaves the session alone for another clerk’s token, an older one, or one without a clerk', () => {
    const held = jwt('clerk-7', inSeconds(600))
    saveSession(held, 'CLERK')
    expect(adoptRefreshedToken(jwt('clerk-8', inSeconds(900)))).toBe(false)
    expect(adoptRefreshedToken(jwt('clerk-7', inSeconds(300)))).toBe(false)
    expect(adoptRefreshedToken(`h.${btoa(JSON.stringify({ exp: inSeconds(900) }))}.s`)).toBe(false)
    expect(adoptRefreshedToken('not-a-token')).toBe(false)
    expect(readSession()?.token).toBe(held)
  })

  it('compares expiries on this device’s clock: the handed-over moment of receipt plus the token’s lifetime', () => {
    // A device clock 20 minutes fast: the server's exp is already past by it, yet the token is new.
    const serverNow = Math.floor(Date.now() / 1000) - 20 * 60
    saveSession(`h.${btoa(JSON.stringify({ sub: 'clerk-7', iat: serverNow - 600, exp: serverNow + 300 }))}.s`, 'CLERK', Date.now() - 600_000)
    const newer = `h.${btoa(JSON.stringify({ sub: 'clerk-7', iat: serverNow, exp: serverNow + 900 }))}.s`
    const receivedAt = Date.now() - 1_000
    expect(adoptRefreshedToken(newer, receivedAt)).toBe(true)
    expect(readSession()).toEqual({ token: newer, expiresAt: receivedAt + 900_000, role: 'CLERK' })
  })

  it('never signs a signed-out tab in', () => {
    expect(adoptRefreshedToken(jwt('clerk-7', inSeconds(900)))).toBe(false)
    expect(readSession()).toBeNull()
  })
})
