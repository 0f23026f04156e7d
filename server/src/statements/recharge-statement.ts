// The recharge report (GET /files/15/{path}): a PDF statement of the clerk's money moves (recharges,
// job charges, refunds, adjustments) over a period, between its opening and closing balances, produced when
// it is asked for and streamed as it is drawn, never stored and never whole in memory. Its rows are
// read from the database a batch at a time, and the next batch is drawn only when the stream's
// buffer has room again (Readable.from pulls the generator up to its high-water mark, as the reply drains).
import { once } from 'node:events'
import { Readable } from 'node:stream'
import type { SellerSetting } from '../config.ts'
import type { Db } from '../db/database.ts'
import { rechargesRepository, type StatementPeriod, type StatementSummary } from '../repositories/recharges-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { drawHeading, drawOpeningBalance, drawTotals, startTable, statementDate, STATEMENT_TITLE, type StatementHeading } from './statement-pdf.ts'

/** How many recharges are read from the database and drawn at a time (about half a page). */
const ROWS_PER_BATCH = 25

/**
 * The statement's path under kind 15. It names the clerk, so it is the clerk's alone: any other path,
 * another clerk's included, names no file. It does not change between statements; the answer is never cached.
 */
export function rechargeStatementPath(userId: string): string {
  return `recharge-statements/${userId}.pdf`
}

export interface RechargeStatement {
  /** What the browser saves it as: "InspectScribe recharge statement 2026-11-22.pdf" (the UTC date it was produced). */
  fileName: string
  stream: Readable
}

/** The days a statement covers, as the clerk asks (UTC calendar days, both included); unset ends are the first entry and now. */
export interface StatementDays {
  /** YYYY-MM-DD */
  from?: string
  /** YYYY-MM-DD */
  to?: string
}

const DAY_MS = 86_400_000

/** The period `days` names, produced at `producedAt`; null when `from` comes after `to`. */
export function statementPeriod(days: StatementDays, producedAt: Date): { period: StatementPeriod; words: string } | null {
  const from = days.from ? new Date(`${days.from}T00:00:00Z`) : null
  const until = days.to ? new Date(Math.min(new Date(`${days.to}T00:00:00Z`).getTime() + DAY_MS, producedAt.getTime())) : producedAt
  if (from && from.getTime() > until.getTime()) return null
  const first = from ? statementDate(from).slice(0, 10) : 'the first entry'
  const last = days.to ? `${days.to.slice(8, 10)}/${days.to.slice(5, 7)}/${days.to.slice(0, 4)}` : `${statementDate(producedAt)} UTC`
  return { period: { from, until }, words: `${first} to ${last}` }
}

/**
 * The clerk's statement, ready to stream; null when the clerk has no money move at all (nothing to
 * state) or is gone. The statement lists the moves there are now: one written while it streams is
 * left out, so its rows and balances always agree.
 */
export async function openRechargeStatement(
  db: Db,
  userId: string,
  { seller, days = {}, producedAt = new Date() }: { seller: SellerSetting; days?: StatementDays; producedAt?: Date },
): Promise<RechargeStatement | null> {
  const chosen = statementPeriod(days, producedAt)
  if (!chosen) return null
  const clerk = await usersRepository.findById(db, userId)
  const summary = await rechargesRepository.statementSummary(db, userId, chosen.period)
  if (!clerk || !summary) return null
  const heading = { fullName: clerk.fullName, companyName: clerk.companyName, producedAt, period: chosen.words, seller }
  return {
    fileName: `InspectScribe recharge statement ${producedAt.toISOString().slice(0, 10)}.pdf`,
    stream: Readable.from(statementChunks(db, userId, heading, chosen.period, summary), { objectMode: false }),
  }
}

async function* statementChunks(db: Db, userId: string, heading: StatementHeading, period: StatementPeriod, summary: StatementSummary): AsyncGenerator<Buffer> {
  // pdfkit (about 20 MB with its fonts) is loaded when a statement is first asked for, not at start.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: STATEMENT_TITLE, Author: 'InspectScribe' } })
  // pdfkit pushes each page as it is finished (it keeps no pages back), ignoring its reader's pace:
  // what it pushed is handed on between batches, so at most a batch's pages wait here.
  const drawn: Buffer[] = []
  doc.on('data', (chunk: Buffer) => drawn.push(chunk))
  const ended = once(doc, 'end')
  drawHeading(doc, heading)
  drawOpeningBalance(doc, summary.openingCents)
  const table = startTable(doc)
  // Each batch starts from the balance after the previous batch's last row (ids only grow, so the
  // entries up to it do not change while the statement streams).
  let afterId = 0
  let openingCents = summary.openingCents
  for (;;) {
    const rows = await rechargesRepository.statementRows(db, userId, { period, afterId, openingCents, throughId: summary.throughId, limit: ROWS_PER_BATCH })
    table.addRows(rows)
    yield* drawn.splice(0)
    if (rows.length < ROWS_PER_BATCH) break
    afterId = rows.at(-1)!.id
    openingCents = rows.at(-1)!.balanceCents
  }
  drawTotals(doc, summary)
  doc.end()
  await ended
  yield* drawn.splice(0)
}
