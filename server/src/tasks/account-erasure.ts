// Erases the accounts whose deletion was requested (portal-spec.md: "within 10 days"). Runs every hour
// on the work queue's schedule, in one of the server processes (scheduled-task.ts). An account is erased 7 days after the request, which leaves operators
// time to undo a mistaken request and still keeps the 10-day promise with days to spare.
// Erasure removes the clerk's files and personal data; the user row stays, anonymised, so ledger rows
// that point at it remain as the accounts need them.
import type { FastifyInstance } from 'fastify'
import { accountErasureRepository } from '../repositories/account-erasure-repository.ts'
import type { PeriodicTask } from './scheduled-task.ts'

export const ERASE_AFTER_MS = 7 * 24 * 60 * 60_000
export const ERASURE_INTERVAL_MS = 60 * 60_000

/** Erases every account due at `now`; returns how many. Safe to run from several processes at once. */
export async function eraseDueAccounts(app: FastifyInstance, now = new Date()): Promise<number> {
  const { db } = app.database
  const due = await accountErasureRepository.dueForErasure(db, new Date(now.getTime() - ERASE_AFTER_MS))

  let erased = 0
  for (const id of due) {
    // Only the process whose update lands erases the account.
    if (!(await accountErasureRepository.erase(db, id, now))) continue
    await app.storage.removePrefix(`clerks/${id}/`)
    erased += 1
    app.log.info({ userId: id }, 'account erased')
  }
  await accountErasureRepository.deleteExpiredSignupRequests(db, now)
  return erased
}

/** Hourly; not at start: a day's delay is nothing against the 7 days, and restarts need not erase. */
export const ACCOUNT_ERASURE_TASK: PeriodicTask = {
  name: 'account-erasure',
  intervalMs: ERASURE_INTERVAL_MS,
  runWhenReady: false,
  work: (app) => eraseDueAccounts(app, new Date()),
  failureMessage: 'account erasure failed; it runs again within the hour',
}
