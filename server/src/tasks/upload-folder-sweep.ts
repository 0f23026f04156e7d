// Sweeps calculate-cost's upload folders at start in each server process, and every quarter of an hour
// on the work queue's schedule (in one process):
// an unused folder past its expiry loses its files, then its rows; a used one past its expiry loses only
// its rows (its files belong to its job). A folder with files is swept an hour after it expired, not at
// once: create-job refuses it from its expiry on, and the hour covers server processes whose clocks
// differ a little, so no job can claim a folder whose files are going. A reservation still without files
// (its request crashed: a live one renews its lease every minute) needs no such hour, as no job can
// claim it: it goes at the first sweep after its lease ended, so within about twenty minutes of the
// crash (issue 24 item 7). Safe to run in several processes at once (removing a prefix or a row twice is
// harmless).
import type { FastifyInstance } from 'fastify'
import { uploadFolderPrefix, uploadFoldersRepository } from '../repositories/upload-folders-repository.ts'
import { removeInBatches } from './remove-in-batches.ts'
import type { PeriodicTask } from './scheduled-task.ts'

export const UPLOAD_FOLDER_SWEEP_INTERVAL_MS = 15 * 60_000
/** How long after its expiry a folder is swept. */
export const UPLOAD_FOLDER_SWEEP_GRACE_MS = 60 * 60_000

export interface UploadFolderSweepResult {
  /** Unused folders whose files and rows were removed. */
  unused: number
  /** Used folders whose rows were removed. */
  used: number
}

/** Removes folders with files that expired before `now` less the grace, and reservations whose lease ended before `now`. */
export async function sweepUploadFolders(app: FastifyInstance, now = new Date()): Promise<UploadFolderSweepResult> {
  const { db } = app.database
  const before = new Date(now.getTime() - UPLOAD_FOLDER_SWEEP_GRACE_MS)
  const unused = await removeInBatches(
    (limit) => uploadFoldersRepository.expiredUnused(db, { expiredBefore: before, leaseEndedBefore: now }, limit),
    async ({ token, userId }) => {
      // Files first: while the row stays, a failed removal is tried again at the next run.
      await app.storage.removePrefix(uploadFolderPrefix(userId, token))
      await uploadFoldersRepository.removeUnused(db, token)
    },
  )
  const used = await uploadFoldersRepository.removeUsedExpired(db, before)
  if (unused > 0 || used > 0) app.log.info({ unused, used }, 'expired upload folders swept')
  return { unused, used }
}

/** Once the app is ready (in the background) and then every quarter of an hour. */
export const UPLOAD_FOLDER_SWEEP_TASK: PeriodicTask = {
  name: 'upload-folder-sweep',
  intervalMs: UPLOAD_FOLDER_SWEEP_INTERVAL_MS,
  runWhenReady: true,
  work: (app) => sweepUploadFolders(app),
  failureMessage: 'upload folder sweep failed; it runs again within a quarter of an hour',
}
