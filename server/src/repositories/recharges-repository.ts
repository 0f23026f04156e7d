// A clerk's money moves as the recent transactions and the statement read them: every credit entry
// (recharges, job charges, refunds, operator adjustments), each with the balance right after it.
// The ledger's order is its ids: a clerk's entries are written one after another under the clerk's
// lock (server/src/money/ledger.ts), so a later id is a later move. `created_at` is the writing
// transaction's start, which for a move that waited for the lock can be earlier than the move before it.
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { creditEntries } from '../db/schema.ts'
import type { CreditEntryKind } from './credits-repository.ts'

/**
 * What a recharge paid. One written before the ledger kept it (migration 0009) cost one unit of
 * currency per credit (the product decisions, Lookups and prices) in the plans' default currency, GBP.
 * Null for the moves nobody paid for (charges, refunds, adjustments).
 */
const paidCentsOf = sql<string | null>`case when ${creditEntries.kind} = 'recharge' then coalesce(${creditEntries.paidCents}, ${creditEntries.amountCents})::text end`
const currencyOf = sql<string | null>`case when ${creditEntries.kind} = 'recharge' then upper(coalesce(${creditEntries.paidCurrency}, 'GBP')) end`

export interface MoveRow {
  id: number
  kind: CreditEntryKind
  /** Credits moved, in cents: positive added, negative taken. */
  creditCents: number
  /** What a recharge paid, in whole hundredths of `currency`; null for other moves. */
  paidCents: number | null
  /** ISO 4217, upper case; null for other moves. */
  currency: string | null
  /** The entry's reason: the plan bought, "Job #13", the refund, the operator's reason. */
  reason: string
  jobId: number | null
  createdAt: Date
  /** The clerk's whole ledger balance right after this move, in cents. */
  balanceCents: number
}

/** A statement's period: entries written at or after `from` (null: from the first) and before `until`. */
export interface StatementPeriod {
  from: Date | null
  until: Date
}

export interface StatementSummary {
  /** The newest entry the statement counts: one written while it streams is left out, so rows and balances agree. */
  throughId: number
  /** The balance before the period, in cents. */
  openingCents: number
  /** The balance at the end of the period, in cents. */
  closingCents: number
  /** Credits bought in the period, in cents. */
  creditCents: number
  /** What was paid in the period, per currency (most clerks pay in one). */
  paid: { currency: string; cents: number }[]
}

const inPeriod = (period: StatementPeriod): SQL =>
  and(lt(creditEntries.createdAt, period.until), period.from ? gte(creditEntries.createdAt, period.from) : undefined)!

/** `${opening} + the running sum` of the selected entries, in id order, as text (never through a float). */
const runningBalance = (openingCents: number) =>
  sql<string>`(${openingCents}::bigint + sum(${creditEntries.amountCents}) over (order by ${creditEntries.id} rows between unbounded preceding and current row))::bigint::text`

const moveColumns = {
  id: creditEntries.id,
  kind: creditEntries.kind,
  creditCents: creditEntries.amountCents,
  paidCents: paidCentsOf.as('paid_cents_text'),
  currency: currencyOf.as('currency_code'),
  reason: creditEntries.reason,
  jobId: creditEntries.jobId,
  createdAt: creditEntries.createdAt,
}

function toMove(row: Omit<MoveRow, 'paidCents' | 'balanceCents'> & { paidCents: string | null; balanceCents: string }): MoveRow {
  return { ...row, paidCents: row.paidCents === null ? null : Number(row.paidCents), balanceCents: Number(row.balanceCents) }
}

const sumText = (where: SQL) => sql<string>`coalesce(sum(${creditEntries.amountCents}) filter (where ${where}), 0)::bigint::text`

export const rechargesRepository = {
  /** The clerk's newest money moves, newest first, each with the balance after it (a window over the whole ledger). */
  async recentMoves(db: Db, userId: string, limit: number): Promise<MoveRow[]> {
    const ledger = db
      .select({ ...moveColumns, balanceCents: runningBalance(0).as('balance_cents_text') })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
      .as('ledger')
    const rows = await db.select().from(ledger).orderBy(desc(ledger.id)).limit(limit)
    return rows.map(toMove)
  },

  /** The balances around the period and the recharges in it; null when the clerk has no entry at all. */
  async statementSummary(db: Db, userId: string, period: StatementPeriod): Promise<StatementSummary | null> {
    const [ledger] = await db
      .select({
        throughId: sql<number | null>`max(${creditEntries.id})::integer`,
        openingCents: period.from ? sumText(lt(creditEntries.createdAt, period.from)!) : sql<string>`'0'`,
        closingCents: sumText(lt(creditEntries.createdAt, period.until)!),
      })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
    if (!ledger || ledger.throughId === null) return null
    const throughId = Number(ledger.throughId)
    const paid = await db
      .select({
        currency: sql<string>`${currencyOf}`,
        // Sums of bigints are numerics: read as text, never through a float.
        paidCents: sql<string>`sum(coalesce(${creditEntries.paidCents}, ${creditEntries.amountCents}))::bigint::text`,
        creditCents: sql<string>`sum(${creditEntries.amountCents})::bigint::text`,
      })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, userId), eq(creditEntries.kind, 'recharge'), lte(creditEntries.id, throughId), inPeriod(period)))
      .groupBy(currencyOf)
      .orderBy(currencyOf)
    return {
      throughId,
      openingCents: Number(ledger.openingCents),
      closingCents: Number(ledger.closingCents),
      creditCents: paid.reduce((sum, row) => sum + Number(row.creditCents), 0),
      paid: paid.map((row) => ({ currency: row.currency, cents: Number(row.paidCents) })),
    }
  },

  /**
   * The clerk's moves in the period after `afterId` up to `throughId`, oldest first, at most `limit`,
   * each with the balance right after it: `openingCents` (the balance right after entry `afterId`, or
   * before the period for the first batch) plus a running sum, in the database, over these entries
   * only, so a batch of a long statement does not sum the whole ledger again.
   */
  async statementRows(
    db: Db,
    userId: string,
    { period, afterId, openingCents, throughId, limit }: { period: StatementPeriod; afterId: number; openingCents: number; throughId: number; limit: number },
  ): Promise<MoveRow[]> {
    const rows = await db
      .select({ ...moveColumns, balanceCents: runningBalance(openingCents) })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, userId), sql`${creditEntries.id} > ${afterId}`, lte(creditEntries.id, throughId), inPeriod(period)))
      .orderBy(creditEntries.id)
      .limit(limit)
    return rows.map(toMove)
  },
}
