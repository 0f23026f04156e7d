// The credit ledger: a clerk's balance is the sum of their entries. Every change goes through
// `addEntry`, which locks the clerk's row first so two changes at once cannot both spend the same
// credits, and refuses any change that would take the balance below zero.
// Amounts are integer cents here; the column is numeric(12,2), written and read as decimal text
// (contract/money.ts), so no amount ever passes through floating point.
import { eq, sql } from 'drizzle-orm'
import { centsOfNumeric, formatCents } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { creditEntries, users, type CREDIT_ENTRY_KINDS } from '../db/schema.ts'

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(`balance ${formatCents(balanceCents)} cannot take ${formatCents(amountCents)}`)
  }
}

export interface CreditEntry {
  /** Whole cents: positive adds credits, negative spends them. */
  amountCents: number
  kind: (typeof CREDIT_ENTRY_KINDS)[number]
  reason: string
  jobId?: number
}

const centsOf = (numeric: string) => centsOfNumeric(numeric, 'the ledger')

export const creditsRepository = {
  /** The clerk's balance in cents. */
  async balanceCents(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${creditEntries.amount}), 0)::text` })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
    return centsOf(row?.total ?? '0')
  },

  async hasEntries(db: Db, userId: string): Promise<boolean> {
    const [row] = await db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, userId)).limit(1)
    return row !== undefined
  },

  /**
   * Adds one entry and returns the new balance in cents. Runs in its own transaction, or in the caller's
   * when given one (a job's charge commits with the job). Throws InsufficientCreditsError when the
   * balance would go below zero; returns null when the clerk does not exist.
   */
  async addEntry(db: Db, userId: string, entry: CreditEntry): Promise<number | null> {
    if (!Number.isSafeInteger(entry.amountCents)) throw new RangeError(`not a whole number of cents: ${entry.amountCents}`)
    return db.transaction(async (tx) => {
      const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      if (!clerk) return null
      const balance = await creditsRepository.balanceCents(tx, userId)
      const next = balance + entry.amountCents
      if (next < 0) throw new InsufficientCreditsError(balance, entry.amountCents)
      await tx.insert(creditEntries).values({ userId, amount: formatCents(entry.amountCents), kind: entry.kind, reason: entry.reason, jobId: entry.jobId })
      return next
    })
  },
}
