import { afterEach, describe, expect, it, vi } from 'vitest'
import { inSlices, yieldToBrowser } from './main-thread-slices'

afterEach(() => vi.unstubAllGlobals())

describe('yieldToBrowser', () => {
  it('posts a task where the browser can (it waits its turn behind React’s rendering), never a scheduler.yield continuation (which goes first)', async () => {
    const posted = vi.fn((task: () => void) => Promise.resolve().then(task))
    const yielded = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { postTask: posted, yield: yielded })
    await yieldToBrowser()
    expect(posted).toHaveBeenCalledTimes(1)
    expect(yielded).not.toHaveBeenCalled()
  })

  it('without scheduler.postTask, lets a task queued before it run first', async () => {
    vi.stubGlobal('scheduler', undefined)
    let queuedTaskRan = false
    setTimeout(() => (queuedTaskRan = true), 0)
    await yieldToBrowser()
    expect(queuedTaskRan).toBe(true)
  })
})

describe('inSlices', () => {
  it('visits every slice in order, and stops at the first that answers false', async () => {
    const seen: number[][] = []
    await expect(inSlices([1, 2, 3, 4, 5], 2, (slice) => void seen.push([...slice]))).resolves.toBe(true)
    expect(seen).toEqual([[1, 2], [3, 4], [5]])
    await expect(inSlices([1, 2, 3, 4, 5], 2, (slice) => !slice.includes(3))).resolves.toBe(false)
  })
})
