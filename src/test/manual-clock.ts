import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * Checks a self-closing dialog's delay exactly on any machine. The fake clock follows real time while
 * the test clicks and waits (TanStack Query, user-event and Fluent need their timers to run), then
 * `stop()` freezes it and from there it moves only when the test moves it. The delay's timer is set
 * somewhere between `started` and `stop()`; so "nothing yet" is checked one ms before `started + delay`
 * (it cannot have fired by then) and "done" at `stop() + delay` (it must have fired by then) — no
 * margin on real time. On a very slow machine (stopped more than the delay after starting) the first
 * check is skipped rather than failing wrongly. Undo with vi.useRealTimers() (the files' afterEach does).
 */
export function startFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const started = Date.now()
  return {
    /** Stops the clock; `before()` then `after()` check the side of `delayMs` they are on. */
    stop(delayMs: number) {
      vi.setTimerTickMode('manual')
      const elapsed = Date.now() - started
      return {
        /** Moves the clock to 1 ms before the earliest moment the timer can fire. */
        justBefore: () => act(() => vi.advanceTimersByTime(Math.max(0, delayMs - 1 - elapsed))),
        /** Moves the clock to the latest moment the timer can fire. */
        atTheLatest: () => act(() => vi.advanceTimersByTime(Math.min(elapsed + 1, delayMs))),
      }
    },
  }
}
