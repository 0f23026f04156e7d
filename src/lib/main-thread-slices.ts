// Long work on the main thread done a slice at a time, giving the browser its thread back between
// slices (input, paint), so no task passes the 50 ms a clerk starts to feel (issue 14; measured by
// scripts/bench/list-on-device.ts). Used by the transport's schema check and the job list's rows.

/**
 * Lets the browser run what waits (input, paint, React's rendering) before the next slice: a task posted
 * with scheduler.postTask (its default, user-visible priority), or setTimeout where there is none. Not
 * scheduler.yield(): Chromium runs a yield's continuation ahead of the tasks already waiting, React's
 * rendering among them, so while a 5,000-job list was checked and read after its first pages' paint a
 * tap on "Page 2" was drawn only once all of it was done: 2.7-3.4 s after the tap at 6x CPU, against
 * 0.5-0.7 s with postTask and 1.1-1.3 s with setTimeout (research my-jobs-tablet.md §18).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void) => Promise<void> } }).scheduler
  if (scheduler?.postTask) return scheduler.postTask(() => undefined)
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Hands `items` to `visit` `size` at a time, yielding to the browser between slices. Stops early, and
 * answers false, when `visit` answers false for a slice; true once every slice is visited.
 */
export async function inSlices<T>(items: readonly T[], size: number, visit: (slice: readonly T[]) => boolean | void): Promise<boolean> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToBrowser()
    if (visit(items.slice(start, start + size)) === false) return false
  }
  return true
}
