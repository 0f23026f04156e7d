// The credit ledger: a clerk's balance is the sum of their entries. Every change goes through
// `addEntry`, which locks the clerk's row first so two changes at once cannot both spend the same
// credits, and refuses any change that would take the balance below zero.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { creditEntries, users, type CREDIT_ENTRY_KINDS } from '../db/schema.ts'

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`balance ${balance} cannot take ${amount}`)
  }
}

export interface CreditEntry {
  amount: number
  kind: (typeof CREDIT_ENTRY_KINDS)[number]
  reason: string
  jobId?: number
}

/** Ledger amounts are numeric(12,2); sums are rounded to cents so 0.1 + 0.2 reads 0.30. */
const toCents = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100

export const creditsRepository = {
  async balance(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${creditEntries.amount})` })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
    return toCents(row?.total ?? 0)
  },

  async hasEntries(db: Db, userId: string): Promise<boolean> {
    const [row] = await db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, userId)).limit(1)
    return row !== undefined
  },

  /**
   * Adds one entry and returns the new balance. Runs in its own transaction, or in the caller's when
   * given one (a job's charge commits with the job). Throws InsufficientCreditsError when the balance
   * would go below zero; returns null when the clerk does not exist.
   */
  async addEntry(db: Db, userId: string, entry: CreditEntry): Promise<number | null> {
    return db.transaction(async (tx) => {
      const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      if (!clerk) return null
      const balance = await creditsRepository.balance(tx, userId)
      const next = toCents(balance + entry.amount)
      if (next < 0) throw new InsufficientCreditsError(balance, entry.amount)
      await tx.insert(creditEntries).values({ userId, amount: entry.amount.toFixed(2), kind: entry.kind, reason: entry.reason, jobId: entry.jobId })
      return next
    })
  },
}
