import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDraftSaver, SAVE_DELAY_MS } from './draft-saver'

/** Every run a test has started and not finished. */
const unfinished: (() => void)[] = []

/** A run that records each job and finishes only when the test says so. */
function recorder() {
  const done: string[] = []
  const started: string[] = []
  const finish: (() => void)[] = []
  const run = (job: string) =>
    new Promise<void>((resolve) => {
      started.push(job)
      const end = () => {
        done.push(job)
        resolve()
      }
      finish.push(end)
      unfinished.push(end)
    })
  return { run, started, done, finishNext: () => finish.shift()?.() }
}

describe('createDraftSaver', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(async () => {
    // Every run a test left waiting ends here (and any it let start after): no saver of this page is
    // left running into the next test (src/test/setup.ts waits for them).
    while (unfinished.length > 0) {
      unfinished.splice(0).forEach((end) => end())
      await vi.advanceTimersByTimeAsync(0)
    }
    vi.useRealTimers()
  })

  it(`saves typing after ${SAVE_DELAY_MS} ms of quiet, once, with the latest draft`, async () => {
    const jobs = recorder()
    const saver = createDraftSaver(jobs.run)
    saver.soon('F')
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1)
    saver.soon('Fl')
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1)
    expect(jobs.started).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(jobs.started).toEqual(['Fl'])
  })

  it('saves at once when asked, dropping the typing save that waited', async () => {
    const jobs = recorder()
    const saver = createDraftSaver(jobs.run)
    saver.soon('typed')
    saver.now('file added')
    expect(jobs.started).toEqual(['file added'])
    jobs.finishNext()
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2)
    expect(jobs.started).toEqual(['file added'])
  })

  it('runs one save at a time, and only the latest of those asked meanwhile: an erase lands last', async () => {
    const jobs = recorder()
    const saver = createDraftSaver(jobs.run)
    saver.now('large file')
    saver.now('typed')
    saver.now('erase')
    expect(jobs.started).toEqual(['large file'])
    jobs.finishNext()
    await vi.advanceTimersByTimeAsync(0)
    expect(jobs.started).toEqual(['large file', 'erase'])
    jobs.finishNext()
    await saver.idle()
    expect(jobs.done).toEqual(['large file', 'erase'])
  })

  it('flush runs a waiting typing save at once, and nothing when none waits', async () => {
    const jobs = recorder()
    const saver = createDraftSaver(jobs.run)
    saver.flush()
    expect(jobs.started).toEqual([])
    saver.soon('typed')
    saver.flush()
    expect(jobs.started).toEqual(['typed'])
  })
})
