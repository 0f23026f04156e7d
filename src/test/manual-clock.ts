import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * Checks a delay (a dialog closing itself, a redirect, a 60 s refresh) exactly on any machine. The fake
 * clock follows real time while the test clicks and waits (TanStack Query, user-event and Fluent need
 * their timers to run), then `stop(delay)` freezes it and from there it moves only when the test moves
 * it. The delay's timer was set somewhere between the start and `stop()`; so "nothing yet" is checked
 * 1 ms before `start + delay` (it cannot have fired by then) and "done" at `stop + delay` (it must have
 * fired by then): no margin on real time. On a very slow machine (stopped more than the delay after
 * the start) the first check comes at the stop itself rather than failing wrongly. `resume()` lets
 * the clock follow real time again, for what the timer set off. Undo with vi.useRealTimers() (the
 * files' afterEach does).
 */
export function startFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const started = Date.now()
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))
  return {
    stop(delayMs: number) {
      vi.setTimerTickMode('manual')
      const elapsed = Date.now() - started
      return {
        /** Moves the clock to 1 ms before the earliest moment the timer can fire. */
        justBefore: () => advance(Math.max(0, delayMs - 1 - elapsed)),
        /** Moves the clock on to the latest moment the timer can fire. */
        atTheLatest: () => advance(Math.min(elapsed + 1, delayMs)),
      }
    },
    /** The clock follows real time again (as shouldAdvanceTime does). */
    resume: () => void vi.setTimerTickMode('interval', 20),
  }
}
