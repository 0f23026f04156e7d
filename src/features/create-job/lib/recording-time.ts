// The recorder's clock: the elapsed time as the clerk reads it, and the time recorded so far counted
// only while recording (a pause stops it).

/** mm:ss, or hh:mm:ss from an hour on. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`
}

/** A stopwatch that pauses: `now` is passed in (performance.now in the page, a number in tests). */
export interface Stopwatch {
  /** Time counted before the current run. */
  counted: number
  /** When the current run started, null while paused. */
  since: number | null
}

export const startStopwatch = (now: number): Stopwatch => ({ counted: 0, since: now })
export const pauseStopwatch = (watch: Stopwatch, now: number): Stopwatch => (watch.since === null ? watch : { counted: watch.counted + now - watch.since, since: null })
export const resumeStopwatch = (watch: Stopwatch, now: number): Stopwatch => (watch.since === null ? { ...watch, since: now } : watch)
export const elapsedMs = (watch: Stopwatch, now: number): number => watch.counted + (watch.since === null ? 0 : now - watch.since)
