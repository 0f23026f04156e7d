// The one step every money move shares, inside the move's own transaction: lock the clerk, check the
// balance, write the entry. Only the money module's functions call it; each owns the transaction
// around it and the notification that goes with it.
import { formatCents } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { creditsRepository, type NewCreditEntry } from '../repositories/credits-repository.ts'
import { MONEY_MOVE_MESSAGES as M } from './messages.ts'

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(`balance ${formatCents(balanceCents)} cannot take ${formatCents(amountCents)}`)
  }
}

/** Cents must be a whole, non-zero, safe number: anything else is a fault in the caller, refused before any write. */
export function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) throw new RangeError(`not a whole, non-zero number of cents: ${amountCents}`)
}

/**
 * Locks the clerk (call first in the transaction: every later read sees the balance no other move can
 * change until this one commits) and returns their balance in cents. A clerk erased (or never there)
 * by now is refused with 404 not_found: every caller, route or task, gets the same clear answer.
 */
export async function lockBalance(tx: Db, userId: string): Promise<number> {
  if (!(await creditsRepository.lockClerk(tx, userId))) throw new HttpError(404, M.noSuchClerk)
  return creditsRepository.balanceCents(tx, userId)
}

/**
 * Writes `entry` for a clerk whose balance `lockBalance` returned, refusing to go below zero. Returns
 * the entry's id (null when its external reference is already in the ledger) and the new balance.
 */
export async function writeEntry(tx: Db, userId: string, balanceCents: number, entry: NewCreditEntry): Promise<{ entryId: number | null; balanceCents: number }> {
  assertCents(entry.amountCents)
  const next = balanceCents + entry.amountCents
  if (next < 0) throw new InsufficientCreditsError(balanceCents, entry.amountCents)
  const entryId = await creditsRepository.insert(tx, userId, entry)
  return { entryId, balanceCents: entryId === null ? balanceCents : next }
}
