// The credit ledger's SQL: a clerk's balance is the sum of their entries, each a whole number of cents
// (bigint). Money moves themselves (the lock, the balance check, the notification, one transaction)
// are the money module's (server/src/money/); only it writes entries.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { creditEntries, users, type CREDIT_ENTRY_KINDS } from '../db/schema.ts'

export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number]

export interface NewCreditEntry {
  /** Whole cents: positive adds credits, negative spends them. */
  amountCents: number
  kind: CreditEntryKind
  reason: string
  jobId?: number
  /** The payment provider's id of the payment (recharges); unique across the ledger. */
  externalReference?: string
  /** What the clerk paid for a recharge, in whole hundredths of `paidCurrency`. */
  paidCents?: number
  paidCurrency?: string
}

export type CreditEntryRow = typeof creditEntries.$inferSelect

export const creditsRepository = {
  /** The clerk's balance in cents. */
  async balanceCents(db: Db, userId: string): Promise<number> {
    const [row] = await db
      // A bigint's sum is a numeric; as text it is read without passing through a float.
      .select({ total: sql<string>`coalesce(sum(${creditEntries.amountCents}), 0)::bigint::text` })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
    return Number(row?.total ?? '0')
  },

  async hasEntries(db: Db, userId: string): Promise<boolean> {
    const [row] = await db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, userId)).limit(1)
    return row !== undefined
  },

  /**
   * Locks the clerk's row until the transaction ends, so money moves for one clerk happen one after
   * another and two cannot both spend the same credits. False when there is no such clerk, or it was erased.
   */
  async lockClerk(db: Db, userId: string): Promise<boolean> {
    const [clerk] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update')
    // An erased account keeps its row for the ledger's sake, but no money moves for it any more.
    return clerk !== undefined && clerk.status !== 'deleted'
  },

  /**
   * Inserts an entry; its id, or null when its external reference is already in the ledger (then
   * nothing is written, and the transaction goes on: ON CONFLICT DO NOTHING, not an error).
   */
  async insert(db: Db, userId: string, entry: NewCreditEntry): Promise<number | null> {
    const [row] = await db
      .insert(creditEntries)
      .values({ userId, ...entry })
      .onConflictDoNothing({ target: creditEntries.externalReference })
      .returning({ id: creditEntries.id })
    return row?.id ?? null
  },

  /** The job's entry of `kind` (its charge, or its refund: each at most one), if there is one. */
  async findForJob(db: Db, jobId: number, kind: 'job_charge' | 'refund'): Promise<CreditEntryRow | undefined> {
    const [row] = await db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.jobId, jobId), eq(creditEntries.kind, kind)))
      .limit(1)
    return row
  },

  async findByExternalReference(db: Db, externalReference: string): Promise<CreditEntryRow | undefined> {
    const [row] = await db.select().from(creditEntries).where(eq(creditEntries.externalReference, externalReference))
    return row
  },
}
