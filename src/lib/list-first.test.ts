import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { holdUntilListShown, listShown, useWaitingForList, whenListShown } from './list-first'

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  // Two turns of the microtask queue: a resolved promise's callbacks have run by then.
  await Promise.resolve()
  await Promise.resolve()
  return done
}

afterEach(() => listShown())

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
})
