// When the wizard's draft is written to the device: one write at a time, in the order asked, and only
// the latest wish counts (a save asked while another runs waits, and is replaced by a newer one). So
// an erase asked after a save always lands last, and a slow save of a large file never races a
// later one. `soon` waits SAVE_DELAY_MS of quiet first (typing); `now` goes at once (a file added
// or removed, an erase); `flush` runs a waiting `soon` at once (the page is hidden or left).

/** Quiet time after the last keystroke before the draft is saved. */
export const SAVE_DELAY_MS = 500

export interface DraftSaver<Job> {
  now: (job: Job) => void
  soon: (job: Job) => void
  flush: () => void
  /** Resolves once nothing is waiting or running (tests, the bench). */
  idle: () => Promise<void>
}

export function createDraftSaver<Job>(run: (job: Job) => Promise<void>, delayMs = SAVE_DELAY_MS): DraftSaver<Job> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: Job | undefined
  let next: Job | undefined
  let running: Promise<void> | null = null

  const pump = async () => {
    while (next !== undefined) {
      const job = next
      next = undefined
      await run(job)
    }
    running = null
  }

  const now = (job: Job) => {
    clearTimeout(timer)
    waiting = undefined
    next = job
    running ??= pump()
  }

  return {
    now,
    soon: (job) => {
      clearTimeout(timer)
      waiting = job
      timer = setTimeout(() => now(job), delayMs)
    },
    flush: () => {
      if (waiting !== undefined) now(waiting)
    },
    idle: async () => {
      while (running || waiting !== undefined) await (running ?? new Promise((resolve) => setTimeout(resolve, delayMs)))
    },
  }
}
