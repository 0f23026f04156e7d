// An operator's correction of a clerk's credits (`POST /api/ops/credits`, `npm run ops -- credits`):
// the typed amount read as exact cents, a reason required, the entry and the clerk's notification in
// one transaction, never below zero.
import { parseCents } from '@contract/money.ts'
import { OPS_CREDITS_MAX_CENTS } from '@contract/ops.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { InsufficientCreditsError, lockBalance, writeEntry } from './ledger.ts'
import { MONEY_MOVE_MESSAGES as M } from './messages.ts'

export interface OperatorAdjustment {
  /** Decimal text as the operator typed it: "25", "1.10", "-0.07". */
  amount: string
  reason: string
}

/**
 * Adds (or, negative, removes) credits for the clerk `findClerk` names, once the amount and reason
 * are valid (checked first, so a bad amount is refused before the clerk is looked up). Returns the new
 * balance in cents and the clerk found. Refusals are HttpErrors with the operator's message.
 */
export async function adjustByOperator<Clerk extends { id: string }>(
  db: Db,
  adjustment: OperatorAdjustment,
  findClerk: () => Promise<Clerk>,
): Promise<{ clerk: Clerk; balanceCents: number }> {
  const reason = adjustment.reason.trim()
  if (!reason) throw new HttpError(400, M.reasonRequired)
  const parsed = parseCents(adjustment.amount)
  if (!parsed.ok) throw new HttpError(400, parsed.problem)
  const amountCents = parsed.cents
  if (amountCents === 0) throw new HttpError(400, M.amountZero)
  if (Math.abs(amountCents) > OPS_CREDITS_MAX_CENTS) throw new HttpError(400, M.amountTooLarge)
  const clerk = await findClerk()
  try {
    return await db.transaction(async (tx) => {
      const balance = await lockBalance(tx, clerk.id)
      const { balanceCents } = await writeEntry(tx, clerk.id, balance, { amountCents, kind: 'adjustment', reason })
      await notificationsRepository.add(tx, clerk.id, M.creditsNotice(amountCents, reason))
      return { clerk, balanceCents }
    })
  } catch (error) {
    if (error instanceof InsufficientCreditsError) throw new HttpError(409, M.belowZero(error.balanceCents), 'insufficient_credits')
    throw error
  }
}
