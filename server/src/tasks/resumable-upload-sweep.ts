// Sweeps the resumable (tus) uploads at start in each server process, and every quarter of an hour on
// the work queue's schedule (in one process):
// an upload past its expiry loses its staged bytes (a file and its `.json`, or on object storage its
// multipart upload and objects), then its row. Unfinished uploads expire
// 24 h after creation, finished unused ones as long after finishing as a priced folder lives, used
// ones keep only a row (their staged file went when calculate-cost took them; their audio belongs to
// an upload folder, which this sweep never touches). Driven by the rows, never by @tus/file-store's
// deleteExpired, which took finished uploads too. Safe in several processes at once (removing twice
// is harmless).
import type { FastifyInstance } from 'fastify'
import { resumableUploadsRepository } from '../repositories/resumable-uploads-repository.ts'
import { removeUpload } from '../resumable-uploads/tus-server.ts'
import { UNFINISHED_UPLOAD_LIFETIME_MS } from '../resumable-uploads/upload-limits.ts'
import { removeInBatches } from './remove-in-batches.ts'
import type { PeriodicTask } from './scheduled-task.ts'

export const RESUMABLE_UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000

/** Removes the uploads that expired before `now`; answers how many went. */
export async function sweepResumableUploads(app: FastifyInstance, now = new Date()): Promise<number> {
  const { db } = app.database
  const removed = await removeInBatches(
    (limit) => resumableUploadsRepository.expired(db, now, limit),
    (upload) => removeUpload(app.resumableUploads.staging, db, upload.id),
  )
  // On object storage, unfinished uploads no row leads to any more (upload-staging.ts).
  const leftovers = await app.resumableUploads.staging.sweepLeftovers(new Date(now.getTime() - UNFINISHED_UPLOAD_LIFETIME_MS))
  if (leftovers > 0) app.log.info({ leftovers }, 'leftover resumable uploads swept from object storage')
  if (removed > 0) app.log.info({ removed }, 'expired resumable uploads swept')
  return removed
}

/** Once the app is ready (in the background) and then every quarter of an hour. */
export const RESUMABLE_UPLOAD_SWEEP_TASK: PeriodicTask = {
  name: 'resumable-upload-sweep',
  intervalMs: RESUMABLE_UPLOAD_SWEEP_INTERVAL_MS,
  runWhenReady: true,
  work: (app) => sweepResumableUploads(app),
  failureMessage: 'resumable upload sweep failed; it runs again within a quarter of an hour',
}
