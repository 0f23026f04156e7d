// How a money move is named to the clerk, the same in the recent transactions and in the statement.
import type { CreditEntryKind } from '../repositories/credits-repository.ts'

/**
 * A card payment's receipt number: its ledger entry's id, which is unique and never reused, so the
 * number needs no counter of its own and reads the same in the portal, the statement and the e-mail.
 */
export function receiptNumber(entryId: number): string {
  return `IS-${String(entryId).padStart(6, '0')}`
}

/** The move's description: the plan bought, "Job #13", "Refund for failed job #13", or the operator's adjustment and reason. */
export function moveDescription(kind: CreditEntryKind, reason: string): string {
  return kind === 'adjustment' ? `Adjustment: ${reason}` : reason
}
