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

/**
 * The runs of every saver this page has made, also those of a wizard that has since left (its last
 * save, flushed at unmount, or an erase asked just before leaving): the next wizard reads the kept
 * draft only after them, or it could show a discarded draft and then see it erased underneath.
 */
const running = new Set<Promise<void>>()

/** Resolves once no saver of this page has anything running (the wizard's restore; tests between tests). */
export async function draftWritesDone(): Promise<void> {
  while (running.size > 0) await Promise.allSettled(running)
}

export function createDraftSaver<Job>(run: (job: Job) => Promise<void>, delayMs = SAVE_DELAY_MS): DraftSaver<Job> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: Job | undefined
  let next: Job | undefined
  let pumping: Promise<void> | null = null

  const pump = async () => {
    try {
      while (next !== undefined) {
        const job = next
        next = undefined
        await run(job)
      }
    } finally {
      // In the same turn as the loop's last check: a job asked after it starts a new pump.
      pumping = null
    }
  }

  const now = (job: Job) => {
    clearTimeout(timer)
    waiting = undefined
    next = job
    if (pumping) return
    const turn = pump()
    pumping = turn
    running.add(turn)
    const done = () => void running.delete(turn)
    turn.then(done, done)
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
      while (pumping || waiting !== undefined) await (pumping ?? new Promise((resolve) => setTimeout(resolve, delayMs)))
    },
  }
}
