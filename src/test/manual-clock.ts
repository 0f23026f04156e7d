import { act, getConfig } from '@testing-library/react'
import { vi } from 'vitest'

// Taken before any test fakes the timers: settle() yields to the real event loop between its looks and
// keeps to a limit of real time.
const realSetImmediate = globalThis.setImmediate
const realNow = Date.now

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

/**
 * Checks a delay (a dialog closing itself, a redirect, a 60 s refresh) exactly on any machine. The fake
 * clock follows real time while the test clicks and waits (TanStack Query, user-event and Fluent need
 * their timers to run); the test holds the answer that starts the delay (heldReply) and `freeze()`s
 * the clock before letting it go: see FrozenClock. `resume()` lets the clock follow real time again,
 * for what the timer set off. Undo with vi.useRealTimers() (the files' afterEach does).
 */
export function startFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  return {
    /** Stops the clock where it is, for good: see FrozenClock. */
    freeze(): FrozenClock {
      vi.setTimerTickMode('manual')
      return { settle, advance }
    },
    /** The clock follows real time again (as shouldAdvanceTime does). */
    resume: () => void vi.setTimerTickMode('interval', 20),
  }
}

/**
 * A clock that moves only when the test moves it, not even by a millisecond while the machine is busy.
 * Freeze it while the answer that starts a delay is held, let the answer go, and `settle` until the
 * page shows it: the delay's timer is then set at the frozen moment, so 1 ms before the delay nothing
 * has happened and at the delay it has, whatever the load.
 */
export interface FrozenClock {
  /**
   * Runs what is due now (promises, React's work, zero-delay timers) without moving the clock, until
   * `check` passes; fails with check's error after Testing Library's wait limit of real time.
   */
  settle(check: () => void): Promise<void>
  /** Moves the clock on by exactly `ms`, running the timers that fall due. */
  advance(ms: number): Promise<void>
}

async function settle(check: () => void): Promise<void> {
  const limit = realNow() + getConfig().asyncUtilTimeout
  for (;;) {
    await advance(0)
    try {
      return check()
    } catch (error) {
      if (realNow() > limit) throw error
    }
    await new Promise((resolve) => realSetImmediate(resolve))
  }
}
