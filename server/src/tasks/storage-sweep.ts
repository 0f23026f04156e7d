// Sweeps the file storage at start in each server process, and every quarter of an hour on the work
// queue's schedule (in one process): uploads
// abandoned mid-way (a crash or a killed process between begin and commit) and empty folders. A pending
// upload of a live process is touched every minute (local-storage.ts), so one untouched for ten minutes
// cannot belong to a running upload in any process: after a crash its files go at the next start, or
// within about 25 minutes (issue 24 item 7). Safe to run in several processes at once (storage sweep is),
// so each process still sweeps at its start: a restart after a crash cleans up at once.
import type { FastifyInstance } from 'fastify'
import type { SweepResult } from '../storage/file-storage.ts'
import { PENDING_UPLOAD_KEEP_ALIVE_MS } from '../storage/local-storage.ts'
import type { PeriodicTask } from './scheduled-task.ts'

/** Ten keep-alive beats: a live upload's file is never this old, even on a busy machine or a slow disk. */
export const STALE_UPLOAD_AGE_MS = 10 * PENDING_UPLOAD_KEEP_ALIVE_MS
export const STORAGE_SWEEP_INTERVAL_MS = 15 * 60_000

/** Removes what uploads left behind as of `now`. */
export async function sweepStorage(app: FastifyInstance, now = new Date()): Promise<SweepResult> {
  const swept = await app.storage.sweep({ staleBefore: new Date(now.getTime() - STALE_UPLOAD_AGE_MS) })
  if (swept.staleUploads > 0 || swept.emptyFolders > 0) app.log.info(swept, 'storage swept')
  return swept
}

/** Once the app is ready (in the background: start is not delayed) and then every quarter of an hour. */
export const STORAGE_SWEEP_TASK: PeriodicTask = {
  name: 'storage-sweep',
  intervalMs: STORAGE_SWEEP_INTERVAL_MS,
  runWhenReady: true,
  work: (app) => sweepStorage(app),
  failureMessage: 'storage sweep failed; it runs again within a quarter of an hour',
}
