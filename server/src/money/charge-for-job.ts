// A job and its charge commit together or not at all (decisions.md, Credits), never taking the
// balance below zero however many submits arrive at once, and a retried submit (the same client
// request id) is the first submit's job, charged once. A retry's own uploads are never committed: the
// caller takes them back in `onRepeated`. The same id with other details (cost, address, report, job
// type, turnaround) cannot be the same submit: refused, as creditRecharge refuses a reused reference.
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import type { jobs } from '../db/schema.ts'
import { jobsRepository, type NewJob } from '../repositories/jobs-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { assertCents, InsufficientCreditsError, lockBalance, writeEntry } from './ledger.ts'
import { MONEY_MOVE_MESSAGES as M } from './messages.ts'

export interface JobCharge {
  /** The job to create; its `costCents` is what is charged. */
  job: NewJob
  /**
   * Runs last inside the transaction, once the job and its charge are written: where the job's
   * uploaded files are committed, so a file is at its key only with the rows that name it.
   */
  beforeCommit?: (tx: Db, jobId: number) => Promise<void>
  /**
   * Runs instead of `beforeCommit`, after the transaction, when the client request id had made
   * `jobId` before: nothing of this call is used, so the caller takes back what it received for it
   * (its uploads: `undo()`), or they wait in storage for the sweep.
   */
  onRepeated?: (jobId: number) => Promise<void>
}

export interface JobChargeResult {
  jobId: number
  /** The clerk's balance after the call, in cents. */
  balanceCents: number
  /** True when the job's client request id had made a job before: that job, nothing charged or committed now. */
  repeated: boolean
}

/**
 * Creates the job, charges its cost to the ledger and notifies the clerk, in one transaction. A cost
 * above the balance is refused (409 insufficient_credits), a client request id already used for other
 * details too (409 duplicate_request), and nothing is written; the caller then takes back its uploads
 * as after any failure. A clerk gone by now is refused (404 not_found).
 */
export async function chargeForJob(db: Db, { job, beforeCommit, onRepeated }: JobCharge): Promise<JobChargeResult> {
  assertCents(job.costCents)
  if (job.costCents < 0) throw new RangeError(`a job's cost is not negative: ${job.costCents}`)
  let result: JobChargeResult
  try {
    result = await db.transaction(async (tx) => {
      const balance = await lockBalance(tx, job.userId)
      // After the lock: a retry that arrives while the first submit runs waits, then finds its job.
      const earlier = job.clientRequestId ? await jobsRepository.findByClientRequest(tx, job.userId, job.clientRequestId) : undefined
      if (earlier) {
        if (!sameSubmit(earlier, job)) throw new HttpError(409, M.requestUsed, 'duplicate_request')
        return { jobId: earlier.id, balanceCents: balance, repeated: true }
      }
      if (job.costCents > balance) throw new InsufficientCreditsError(balance, -job.costCents)
      const jobId = await jobsRepository.create(tx, job)
      const { balanceCents } = await writeEntry(tx, job.userId, balance, { amountCents: -job.costCents, kind: 'job_charge', reason: `Job #${jobId}`, jobId })
      await notificationsRepository.add(tx, job.userId, M.jobCharged(jobId, job.costCents), jobId)
      await beforeCommit?.(tx, jobId)
      return { jobId, balanceCents, repeated: false }
    })
  } catch (error) {
    if (error instanceof InsufficientCreditsError) throw new HttpError(409, M.notEnoughForJob(job.costCents, error.balanceCents), 'insufficient_credits')
    throw error
  }
  if (result.repeated) await onRepeated?.(result.jobId)
  return result
}

/** What makes a retry the same submit: what the clerk chose and what they were charged for. */
function sameSubmit(earlier: typeof jobs.$inferSelect, job: NewJob): boolean {
  return (
    earlier.costCents === job.costCents &&
    earlier.propertyAddress === job.propertyAddress &&
    earlier.reportTypeId === job.reportTypeId &&
    earlier.jobTypeId === job.jobTypeId &&
    earlier.slaSlotId === job.slaSlotId
  )
}
