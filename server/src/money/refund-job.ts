// A failed job's charge given back (decisions.md, Jobs: the operator may refund it once, a ledger row
// of its own). It runs inside the transaction that moves the job to Failed, so the status, the reason
// and the refund commit together or not at all. Once only: the clerk's lock (taken by the caller,
// before the job's, as every money move takes it first) makes two refunds of one job run one after
// the other, so the second finds the first; the unique index on (job_id) for refunds is the floor
// under that, should a future caller forget the lock.
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'
import { writeEntry } from './ledger.ts'
import { MONEY_MOVE_MESSAGES as M } from './messages.ts'

export interface RefundResult {
  /** Credits given back, in cents (positive). */
  amountCents: number
  /** The clerk's balance after the refund, in cents. */
  balanceCents: number
}

/**
 * Writes the refund of `job`'s charge for a clerk whose balance `lockBalance` returned. A job refunded
 * before, or never charged (demo jobs), is refused (409) and nothing is written.
 */
export async function refundJobCharge(tx: Db, job: { id: number; userId: string }, balanceCents: number): Promise<RefundResult> {
  const earlier = await creditsRepository.findForJob(tx, job.id, 'refund')
  if (earlier) throw new HttpError(409, M.alreadyRefunded(job.id, earlier.amountCents), 'already_refunded')
  const charge = await creditsRepository.findForJob(tx, job.id, 'job_charge')
  if (!charge) throw new HttpError(409, M.notCharged(job.id))
  const amountCents = -charge.amountCents
  const written = await writeEntry(tx, job.userId, balanceCents, { amountCents, kind: 'refund', reason: M.refundReason(job.id), jobId: job.id })
  return { amountCents, balanceCents: written.balanceCents }
}
