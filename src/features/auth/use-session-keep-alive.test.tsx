import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REFRESH_CHANNEL_NAME } from '@/lib/refresh-lock'
import { setForbiddenHandler } from '@/lib/api-client'
import { readSession, saveSession, sessionStatus } from '@/lib/session'
import { useSessionKeepAlive } from './use-session-keep-alive'

const jwt = (expSeconds: number) => `h.${btoa(JSON.stringify({ sub: 'clerk-7', exp: expSeconds }))}.s`

describe('useSessionKeepAlive', () => {
  let refreshCalls = 0
  let answer: 'ok' | 'offline' = 'ok'
  beforeEach(() => {
    vi.useFakeTimers()
    refreshCalls = 0
    answer = 'ok'
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toBe('/api/auth/refresh-token')
      refreshCalls++
      if (answer === 'offline') throw new TypeError('Failed to fetch')
      const next = jwt(Math.floor(Date.now() / 1000) + 900)
      return new Response(JSON.stringify({ access: next }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('refreshes a minute before the token expires, and again before the new one does', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 15 * 60), 'CLERK')
    const first = readSession()!.token
    renderHook(() => useSessionKeepAlive())

    await vi.advanceTimersByTimeAsync(13 * 60_000)
    expect(refreshCalls).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000 + 1_000)
    expect(refreshCalls).toBe(1)
    expect(readSession()!.token).not.toBe(first)

    await vi.advanceTimersByTimeAsync(14 * 60_000)
    expect(refreshCalls).toBe(2)
  })

  it('tries again shortly when the refresh could not reach the server', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 2 * 60), 'CLERK')
    answer = 'offline'
    renderHook(() => useSessionKeepAlive())
    await vi.advanceTimersByTimeAsync(61_000)
    expect(refreshCalls).toBe(1)
    answer = 'ok'
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refreshCalls).toBe(2)
  })

  it('follows a token another tab refreshed, instead of refreshing at the old time', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 15 * 60), 'CLERK')
    renderHook(() => useSessionKeepAlive())
    await vi.advanceTimersByTimeAsync(5 * 60_000)

    const otherTab = new BroadcastChannel(REFRESH_CHANNEL_NAME)
    const handedOver = jwt(Math.floor(Date.now() / 1000) + 15 * 60)
    otherTab.postMessage({ type: 'token-refreshed', token: handedOver })
    otherTab.close()
    await vi.waitFor(() => expect(readSession()!.token).toBe(handedOver))

    // The old token's moment (14 minutes after sign-in) passes quietly; the new one's does not.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(refreshCalls).toBe(0)
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(refreshCalls).toBe(1)
  })

  it('stops when the signed-in pages close', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 2 * 60), 'CLERK')
    const { unmount } = renderHook(() => useSessionKeepAlive())
    unmount()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(refreshCalls).toBe(0)
  })

})

describe('useSessionKeepAlive with the connection and the device clock', () => {
  const MINUTE = 60_000
  /** How far the device's clock is from the server's: the server signs tokens at Date.now() − skew. */
  let skew = 0
  let refreshCalls = 0
  let answer: 'ok' | 'refused' = 'ok'
  const serverToken = () => {
    const iat = Math.floor((Date.now() - skew) / 1000)
    return `h.${btoa(JSON.stringify({ sub: 'clerk-7', iat, exp: iat + 15 * 60 }))}.s`
  }
  let forbidden = 0
  let removeForbiddenHandler = () => undefined as void

  beforeEach(() => {
    vi.useFakeTimers()
    skew = 0
    refreshCalls = 0
    answer = 'ok'
    forbidden = 0
    removeForbiddenHandler = setForbiddenHandler(() => forbidden++)
    vi.stubGlobal('fetch', async () => {
      refreshCalls++
      if (!navigator.onLine) throw new TypeError('Failed to fetch')
      if (answer === 'refused') return new Response(JSON.stringify({ detail: 'Your session has ended. Please sign in again.' }), { status: 403, headers: { 'content-type': 'application/json' } })
      return new Response(JSON.stringify({ access: serverToken() }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
  })
  afterEach(() => {
    removeForbiddenHandler()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it.each([
    ['20 minutes fast', 20 * MINUTE],
    ['14 minutes fast', 14 * MINUTE],
    ['20 minutes slow', -20 * MINUTE],
  ])('refreshes 4 times in an hour, not in a loop, with the device clock %s', async (_clock, deviceSkew) => {
    skew = deviceSkew
    saveSession(serverToken(), 'CLERK')
    renderHook(() => useSessionKeepAlive())
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    // At 14, 28, 42 and 56 minutes: a minute before each token's 15 minutes run out.
    expect(refreshCalls).toBe(4)
    expect(sessionStatus()).toBe('live')
  })

  it('asks nothing while offline, and refreshes the expired token as soon as the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    saveSession(serverToken(), 'CLERK')
    const held = readSession()!.token
    renderHook(() => useSessionKeepAlive())
    await vi.advanceTimersByTimeAsync(20 * MINUTE)
    expect(refreshCalls).toBe(0)
    expect(sessionStatus()).toBe('expired')
    expect(readSession()!.token).toBe(held)

    online.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(sessionStatus()).toBe('live'))
    expect(refreshCalls).toBe(1)
    expect(readSession()!.token).not.toBe(held)
  })

  it('ends the session through the 403 path when the server refuses the refresh on the way back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    saveSession(serverToken(), 'CLERK')
    renderHook(() => useSessionKeepAlive())
    await vi.advanceTimersByTimeAsync(20 * MINUTE)
    answer = 'refused'
    online.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(forbidden).toBe(1))
    expect(readSession()).toBeNull()
    expect(refreshCalls).toBe(1)
  })
})
