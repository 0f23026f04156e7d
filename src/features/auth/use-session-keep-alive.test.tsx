import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REFRESH_CHANNEL_NAME } from '@/lib/refresh-lock'
import { readSession, saveSession } from '@/lib/session'
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
