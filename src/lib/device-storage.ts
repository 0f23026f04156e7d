// The room this browser gives the portal on the device (navigator.storage), for what the local
// database keeps (src/lib/local-db.ts), above all a draft's audio. Without navigator.storage (an old
// browser, a page that is not a secure context) nothing is asked and nothing is refused in advance:
// a save that does not fit then says so itself.

/**
 * Kept free beyond a file's own size: the estimate is rounded by the browser, and the draft's record
 * and the offline copies need room too.
 */
export const ROOM_MARGIN_BYTES = 20 * 1024 * 1024

let persistAsked: Promise<boolean> | null = null

/**
 * Asks once per page that the browser keep this site's data when the device runs short of room
 * (installed apps and much-visited sites are usually granted it without a prompt). True if granted.
 */
export function askToKeepStorage(storage: StorageManager | undefined = navigator.storage): Promise<boolean> {
  if (!storage?.persist) return Promise.resolve(false)
  persistAsked ??= storage.persist().catch(() => false)
  return persistAsked
}

/** For tests: the next askToKeepStorage asks again. */
export function forgetPersistAskedForTests(): void {
  persistAsked = null
}

/** Bytes this site may still store, or null when the browser does not say. */
export async function roomLeft(storage: StorageManager | undefined = navigator.storage): Promise<number | null> {
  if (!storage?.estimate) return null
  try {
    const { quota, usage } = await storage.estimate()
    if (typeof quota !== 'number' || typeof usage !== 'number') return null
    return Math.max(0, quota - usage)
  } catch {
    return null
  }
}

/** Whether `bytes` more will fit in `room` (null: unknown, so assume it does), keeping the margin. */
export function fitsInRoom(bytes: number, room: number | null): boolean {
  return room === null || bytes + ROOM_MARGIN_BYTES <= room
}
