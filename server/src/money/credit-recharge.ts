// A card payment's credit (decisions.md, Credits: a payment credits the account exactly once, however
// often the provider repeats its event). The payment's id is the entry's external reference, unique in
// the ledger: a redelivered event finds the first credit and changes nothing.
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { creditsRepository, type CreditEntryRow } from '../repositories/credits-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { assertCents, lockBalance, writeEntry } from './ledger.ts'
import { MONEY_MOVE_MESSAGES as M } from './messages.ts'

export interface Recharge {
  userId: string
  /** Credits bought, in whole cents (positive). */
  amountCents: number
  /** What the clerk sees beside the entry: the plan bought. */
  reason: string
  /** The payment provider's id of the payment. */
  externalReference: string
  /** What the clerk paid: whole hundredths of `currency` (pence for GBP), as the provider reports it. */
  paid: { cents: number; currency: string }
}

export interface RechargeResult {
  entryId: number
  /** The clerk's balance after the call, in cents. */
  balanceCents: number
  /** True when this payment had been credited before: nothing was written this time. */
  alreadyCredited: boolean
}

/**
 * Credits a paid recharge and notifies the clerk, in one transaction. Called again with the same
 * external reference (a redelivered event, two deliveries at once), it credits nothing and answers the
 * first credit's entry. The same reference for another clerk or another amount is refused (409
 * duplicate_request): it cannot be the same payment.
 */
export async function creditRecharge(
  db: Db,
  recharge: Recharge,
  /** Runs in the credit's own transaction, only when this call credited (the payment receipt's e-mail, through the outbox). */
  withCredit?: (tx: Db, credited: { entryId: number; balanceCents: number }) => Promise<void>,
): Promise<RechargeResult> {
  assertCents(recharge.amountCents)
  if (recharge.amountCents < 0) throw new RangeError(`a recharge adds credits: ${recharge.amountCents}`)
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, recharge.userId)
    const earlier = await creditsRepository.findByExternalReference(tx, recharge.externalReference)
    if (earlier) return repeated(earlier, recharge, balance)
    const written = await writeEntry(tx, recharge.userId, balance, {
      amountCents: recharge.amountCents,
      kind: 'recharge',
      reason: recharge.reason,
      externalReference: recharge.externalReference,
      paidCents: recharge.paid.cents,
      paidCurrency: recharge.paid.currency,
    })
    if (written.entryId === null) {
      // Another transaction wrote the reference between our read and our insert: it can only be for
      // another clerk (this clerk's moves wait for the lock), and ON CONFLICT waited for its commit.
      return repeated((await creditsRepository.findByExternalReference(tx, recharge.externalReference))!, recharge, balance)
    }
    await notificationsRepository.add(tx, recharge.userId, M.creditsNotice(recharge.amountCents, recharge.reason))
    await withCredit?.(tx, { entryId: written.entryId, balanceCents: written.balanceCents })
    return { entryId: written.entryId, balanceCents: written.balanceCents, alreadyCredited: false }
  })
}

function repeated(earlier: CreditEntryRow, recharge: Recharge, balanceCents: number): RechargeResult {
  const same = earlier.userId === recharge.userId && earlier.kind === 'recharge' && earlier.amountCents === recharge.amountCents
  if (!same) throw new HttpError(409, M.referenceUsed(recharge.externalReference), 'duplicate_request')
  return { entryId: earlier.id, balanceCents, alreadyCredited: true }
}
