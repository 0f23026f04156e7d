import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDraftSaver, SAVE_DELAY_MS } from './draft-saver'

/** A run that records each job and finishes only when the test says so. */
function recorder() {
  const done: string[] = []
  const started: string[] = []
  const finish: (() => void)[] = []
  const run = (job: string) =>
    new Promise<void>((resolve) => {
      started.push(job)
      finish.push(() => {
        done.push(job)
        resolve()
      })
    })
  return { run, started, done, finishNext: () => finish.shift()?.() }
}

describe('createDraftSaver', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

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
