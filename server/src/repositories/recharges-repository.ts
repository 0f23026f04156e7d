// A clerk's recharges as the history and the statement read them (credit entries of kind 'recharge').
// The ledger's order is its ids: a clerk's entries are written one after another under the clerk's
// lock (server/src/money/ledger.ts), so a later id is a later move. `created_at` is the writing
// transaction's start, which for a move that waited for the lock can be earlier than the move before it.
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { creditEntries } from '../db/schema.ts'

/**
 * A recharge written before the ledger kept what was paid (migration 0009) cost one unit of currency
 * per credit (the product decisions, Lookups and prices) in the plans' default currency, GBP.
 */
const paidCentsOf = sql<string>`coalesce(${creditEntries.paidCents}, ${creditEntries.amountCents})::text`
const currencyOf = sql<string>`upper(coalesce(${creditEntries.paidCurrency}, 'GBP'))`

export interface RechargeRow {
  id: number
  /** Credits added, in cents. */
  creditCents: number
  /** What was paid, in whole hundredths of `currency`. */
  paidCents: number
  /** ISO 4217, upper case. */
  currency: string
  /** The entry's reason: the plan bought. */
  reason: string
  createdAt: Date
}

export interface StatementRow extends RechargeRow {
  /** The clerk's whole ledger balance right after this recharge (job charges and adjustments included), in cents. */
  balanceCents: number
}

export interface RechargeTotals {
  /** The newest recharge the totals count: a statement lists the recharges up to it, no later one. */
  throughId: number
  /** Credits bought, in cents. */
  creditCents: number
  /** What was paid, per currency (most clerks pay in one). */
  paid: { currency: string; cents: number }[]
}

const isRecharge = (userId: string) => and(eq(creditEntries.userId, userId), eq(creditEntries.kind, 'recharge'))

export const rechargesRepository = {
  /** The clerk's newest recharges, newest first. */
  async recent(db: Db, userId: string, limit: number): Promise<RechargeRow[]> {
    const rows = await db
      .select({
        id: creditEntries.id,
        creditCents: creditEntries.amountCents,
        paidCents: paidCentsOf,
        currency: currencyOf,
        reason: creditEntries.reason,
        createdAt: creditEntries.createdAt,
      })
      .from(creditEntries)
      .where(isRecharge(userId))
      .orderBy(desc(creditEntries.id))
      .limit(limit)
    return rows.map((row) => ({ ...row, paidCents: Number(row.paidCents) }))
  },

  /** What the clerk's recharges add up to; null when they have none. */
  async totals(db: Db, userId: string): Promise<RechargeTotals | null> {
    const rows = await db
      .select({
        currency: currencyOf,
        // Sums of bigints are numerics: read as text, never through a float.
        paidCents: sql<string>`sum(coalesce(${creditEntries.paidCents}, ${creditEntries.amountCents}))::bigint::text`,
        creditCents: sql<string>`sum(${creditEntries.amountCents})::bigint::text`,
        throughId: sql<number>`max(${creditEntries.id})::integer`,
      })
      .from(creditEntries)
      .where(isRecharge(userId))
      .groupBy(currencyOf)
      .orderBy(currencyOf)
    if (rows.length === 0) return null
    return {
      throughId: Math.max(...rows.map((row) => Number(row.throughId))),
      creditCents: rows.reduce((sum, row) => sum + Number(row.creditCents), 0),
      paid: rows.map((row) => ({ currency: row.currency, cents: Number(row.paidCents) })),
    }
  },

  /**
   * The clerk's recharges after `afterId` up to `throughId`, oldest first, at most `limit`, each with
   * the balance right after it: `openingCents` (the balance right after entry `afterId`, 0 before the
   * first) plus a running sum, in the database, over the clerk's entries after `afterId` only, so a
   * batch of a long statement does not sum the whole ledger again.
   */
  async statementRows(
    db: Db,
    userId: string,
    { afterId, openingCents, throughId, limit }: { afterId: number; openingCents: number; throughId: number; limit: number },
  ): Promise<StatementRow[]> {
    const ledger = db
      .select({
        id: creditEntries.id,
        kind: creditEntries.kind,
        creditCents: creditEntries.amountCents,
        paidCents: paidCentsOf.as('paid_cents_text'),
        currency: currencyOf.as('currency_code'),
        reason: creditEntries.reason,
        createdAt: creditEntries.createdAt,
        balanceCents:
          sql<string>`(${openingCents}::bigint + sum(${creditEntries.amountCents}) over (order by ${creditEntries.id} rows between unbounded preceding and current row))::bigint::text`.as(
            'balance_cents_text',
          ),
      })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, userId), gt(creditEntries.id, afterId), lte(creditEntries.id, throughId)))
      .as('ledger')
    const rows = await db
      .select()
      .from(ledger)
      .where(eq(ledger.kind, 'recharge'))
      .orderBy(ledger.id)
      .limit(limit)
    return rows.map(({ kind: _kind, ...row }) => ({ ...row, paidCents: Number(row.paidCents), balanceCents: Number(row.balanceCents) }))
  },
}
