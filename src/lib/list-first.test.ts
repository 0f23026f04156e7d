import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdUntilListShown, listShown, listShownOncePainted, useWaitingForList, whenListShown } from './list-first'

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  // Two turns of the microtask queue: a resolved promise's callbacks have run by then.
  await Promise.resolve()
  await Promise.resolve()
  return done
}

afterEach(() => {
  listShown()
  vi.restoreAllMocks()
})

describe('list first', () => {
  it('holds nothing unless a load of My Jobs asks it to', async () => {
    const { result } = renderHook(() => useWaitingForList())
    expect(result.current).toBe(false)
    expect(await settled(whenListShown())).toBe(true)
  })

  it('holds what can wait until the list is shown, then lets it all go at once', async () => {
    holdUntilListShown()
    const { result } = renderHook(() => useWaitingForList())
    expect(result.current).toBe(true)
    const released = whenListShown()
    expect(await settled(released)).toBe(false)
    act(() => listShown())
    expect(result.current).toBe(false)
    expect(await settled(released)).toBe(true)
    // Shown twice (the list, then the page going): nothing changes the second time.
    act(() => listShown())
    expect(result.current).toBe(false)
  })

  it('tells the waiters one a task, so that a tap is answered between them', async () => {
    holdUntilListShown()
    const first = renderHook(() => useWaitingForList())
    const second = renderHook(() => useWaitingForList())
    act(() => listShown())
    expect([first.result.current, second.result.current]).toEqual([false, true])
    await waitFor(() => expect(second.result.current).toBe(false))
  })

  it('lets go once the frame that drew the list has been painted, not in the commit that drew it', async () => {
    // The browser's frames, run by hand: an animation frame's callbacks run before its paint.
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    holdUntilListShown()
    const released = whenListShown()
    listShownOncePainted()
    expect(await settled(released)).toBe(false)
    expect(frames).toHaveLength(1)
    frames[0]!(performance.now())
    // The frame is being painted: still held.
    expect(await settled(released)).toBe(false)
    await vi.waitFor(async () => expect(await settled(released)).toBe(true))
  })

  it('lets go of nothing when the list goes again before its frame was painted', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    holdUntilListShown()
    const released = whenListShown()
    const cancel = listShownOncePainted()
    cancel()
    expect(await settled(released)).toBe(false)
  })

  it('lets go at once in a hidden page, which paints no frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    holdUntilListShown()
    listShownOncePainted()
    expect(await settled(whenListShown())).toBe(true)
  })
})
