// Sweeps the file storage at start and every hour, in each server process: uploads abandoned
// mid-way (a crash or a killed process between begin and commit) and empty folders. An upload in
// progress keeps writing, so only one that has not written for a day is taken; that is far longer
// than any live upload can stall. Safe to run in several processes at once (storage sweep is).
import type { FastifyInstance } from 'fastify'
import type { SweepResult } from '../storage/file-storage.ts'

export const STALE_UPLOAD_AGE_MS = 24 * 60 * 60_000
export const STORAGE_SWEEP_INTERVAL_MS = 60 * 60_000

/** Removes what uploads left behind as of `now`. */
export async function sweepStorage(app: FastifyInstance, now = new Date()): Promise<SweepResult> {
  const swept = await app.storage.sweep({ staleBefore: new Date(now.getTime() - STALE_UPLOAD_AGE_MS) })
  if (swept.staleUploads > 0 || swept.emptyFolders > 0) app.log.info(swept, 'storage swept')
  return swept
}

/** Sweeps once the app is ready (in the background: start is not delayed) and then every hour; stops when the app closes. */
export function scheduleStorageSweep(app: FastifyInstance, intervalMs = STORAGE_SWEEP_INTERVAL_MS): void {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= sweepStorage(app)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'storage sweep failed; it runs again within the hour'),
      )
      .finally(() => (running = null))
  }
  app.addHook('onReady', async () => run())
  const timer = setInterval(run, intervalMs)
  timer.unref()
  // A sweep under way finishes before the app (and its test's data folder) goes away.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
