// The embedded default's demo clerk starts with credits, once: an empty ledger is the marker
// (decisions.md, My Jobs: server and back office). Checked under the clerk's lock, so two servers
// starting at once grant them once.
import type { Db } from '../db/database.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'
import { lockBalance, writeEntry } from './ledger.ts'

/**
 * Adds the starting credits when the clerk's ledger is empty; false (nothing written) otherwise. Pass
 * the transaction that writes the demo jobs, so credits and jobs commit together or not at all. No
 * notification: the demo jobs' own notification is the clerk's news.
 */
export async function grantDemoCredits(db: Db, userId: string, grant: { amountCents: number; reason: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, userId)
    if (await creditsRepository.hasEntries(tx, userId)) return false
    await writeEntry(tx, userId, balance, { ...grant, kind: 'adjustment' })
    return true
  })
}
