// The upload's limit counts quiet time: calculate-cost's 10 minutes (portal-spec.md §9) never cut a
// recording still going up, and still end one that stalled. The wire (send.ts) is replaced by an upload
// the test drives, so the clock alone decides.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SendInit } from './send'

const sent: SendInit[] = []
vi.mock('./send', () => ({
  // Never answers by itself: it reports progress when the test says, and fails like XHR when aborted.
  send: (_url: string, init: SendInit) => {
    sent.push(init)
    return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)))
  },
}))

const { apiRequest } = await import('./request')
const { quietTimeout } = await import('./quiet-timeout')
const TEN_MINUTES = 10 * 60 * 1000

describe('quietTimeout', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('aborts after the quiet time, and each restart starts it again', () => {
    const quiet = quietTimeout(1000)
    vi.advanceTimersByTime(999)
    quiet.restart()
    vi.advanceTimersByTime(999)
    expect(quiet.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(quiet.signal.aborted).toBe(true)
    expect((quiet.signal.reason as DOMException).name).toBe('TimeoutError')
  })
})

describe('an upload with a timeout and progress', () => {
  beforeEach(() => {
    sent.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => void vi.useRealTimers())

  const upload = (onProgress = vi.fn()) =>
    apiRequest('/clerk/calculate-cost', { method: 'POST', form: new FormData(), auth: false, timeoutMs: TEN_MINUTES, onProgress, failureMessage: 'Failed to calculate cost' })

  it('goes on past 10 minutes while bytes keep going, and times out 10 quiet minutes after the last', async () => {
    const onProgress = vi.fn()
    const outcome = upload(onProgress).catch((error: unknown) => error)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    for (let minute = 1; minute <= 14; minute++) {
      await vi.advanceTimersByTimeAsync(60_000)
      sent[0]!.onProgress!({ loaded: minute, total: 14 })
    }
    expect(sent[0]!.signal!.aborted).toBe(false)
    expect(onProgress).toHaveBeenCalledTimes(14)
    await vi.advanceTimersByTimeAsync(TEN_MINUTES - 1)
    expect(sent[0]!.signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ kind: 'timeout', message: 'Failed to calculate cost' })
  })

  it('without progress, times out 10 minutes after it started', async () => {
    const outcome = upload().catch((error: unknown) => error)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(TEN_MINUTES)
    expect(await outcome).toMatchObject({ kind: 'timeout' })
  })
})
