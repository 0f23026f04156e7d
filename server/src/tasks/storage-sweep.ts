// Sweeps the file storage at start and every hour, in each server process: uploads abandoned
// mid-way (a crash or a killed process between begin and commit) and empty folders. An upload in
// progress keeps writing, so only one that has not written for a day is taken; that is far longer
// than any live upload can stall. Safe to run in several processes at once (storage sweep is).
import type { FastifyInstance } from 'fastify'
import type { SweepResult } from '../storage/file-storage.ts'
import { schedulePeriodicTask } from './periodic-task.ts'

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
  schedulePeriodicTask(app, {
    intervalMs,
    runWhenReady: true,
    work: () => sweepStorage(app),
    failureMessage: 'storage sweep failed; it runs again within the hour',
  })
}
