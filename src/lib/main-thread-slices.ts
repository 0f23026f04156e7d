// Long work on the main thread done a slice at a time, giving the browser its thread back between
// slices (input, paint), so no task passes the 50 ms a clerk starts to feel (issue 14; measured by
// scripts/bench/list-on-device.ts). Used by the transport's schema check and the job list's rows.

/** Lets the browser run what waits (input, paint) before the next slice. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
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
