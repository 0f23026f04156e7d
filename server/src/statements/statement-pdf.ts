// Draws the recharge statement with pdfkit: the heading (the clerk, the period, the seller), the
// opening balance, a table of every money move that flows over as many A4 pages as it needs (its column
// heads repeated on each), then the closing balance and the totals. Only the built-in
// Helvetica is used, so the PDF embeds no font and its text can be extracted (the tests read it).
import { formatCents, formatMoney } from '@contract/money.ts'
import type { SellerSetting } from '../config.ts'
import { moveDescription, receiptNumber } from '../money/move-text.ts'
import type { MoveRow, StatementSummary } from '../repositories/recharges-repository.ts'

type Doc = PDFKit.PDFDocument

export const STATEMENT_TITLE = 'Recharge statement'

const MARGIN = 50
const FONT = 'Helvetica'
const BOLD = 'Helvetica-Bold'
const TABLE_SIZE = 9
const ROW_GAP = 5
/** A plan's name wraps inside its column, to three lines at most (then an ellipsis). */
const PLAN_LINES = 3

const COLUMNS = [
  { head: 'Date (UTC)', width: 72, align: 'left' },
  { head: 'Description', width: 143, align: 'left' },
  { head: 'Receipt no.', width: 65, align: 'left' },
  { head: 'Amount paid', width: 70, align: 'right' },
  { head: 'Credits', width: 65, align: 'right' },
  { head: 'Balance after', width: 80, align: 'right' },
] as const
/** The column that wraps (a plan's or an operator's words). */
const DESCRIPTION = 1

// Helvetica's encoding is WinAnsi (Windows-1252): a character outside it would come out as other
// letters, so it is shown as "?" instead. Line breaks and tabs inside a cell become spaces.
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu
export function printable(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').replace(NOT_WIN_ANSI, '?')
}

/** dd/mm/yyyy hh:mm in UTC (the statement says so): the same on every server, whatever its time zone. */
export function statementDate(date: Date): string {
  const iso = date.toISOString()
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`
}

const PAID_FORMAT = { currencyDisplay: 'narrowSymbol', useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 } as const

/** An amount paid with its currency's symbol (£20.00), or its code (20.00 CHF) when Helvetica has no symbol for it. No thousands separators, as credits have none. */
export function paidText(cents: number, currency: string): string {
  const code = currency.toUpperCase()
  const withSymbol = formatMoney(cents, code, PAID_FORMAT)
  // A symbol Helvetica can show (£, €, $, ¥); otherwise Intl answered the code (CHF), or a symbol Helvetica lacks (₹), or did not know the code.
  return !withSymbol.includes(code) && printable(withSymbol) === withSymbol ? withSymbol : `${formatCents(cents)} ${code}`
}

export interface StatementHeading {
  fullName: string
  companyName: string
  producedAt: Date
  /** The period's words, e.g. "01/03/2026 to 31/03/2026". */
  period: string
  seller: SellerSetting
}

/** The title, who the statement is for, its period, when it was produced, and who sold the credits. */
export function drawHeading(doc: Doc, heading: StatementHeading): void {
  doc.font(BOLD).fontSize(20).text(STATEMENT_TITLE, MARGIN, MARGIN)
  doc.moveDown(0.5)
  doc.font(FONT).fontSize(11)
  doc.text(`Clerk: ${printable(heading.fullName)}`)
  doc.text(`Company: ${printable(heading.companyName.trim()) || 'Not specified'}`)
  doc.text(`Period: ${heading.period}`)
  doc.text(`Produced: ${statementDate(heading.producedAt)} UTC`)
  doc.moveDown(0.5)
  // The seller on every statement: its card payments' receipts are issued by them.
  const { name, address, vatNumber } = heading.seller
  doc.text(`Seller: ${printable(name)}`)
  doc.text(address ? `Seller's address: ${printable(address)}` : "Seller's address not set")
  doc.text(vatNumber ? `VAT number: ${printable(vatNumber)}` : 'VAT number not set')
  doc.moveDown(1)
}

/** "Opening balance: 12.00" above the table; the closing balance goes under it (drawTotals). */
export function drawOpeningBalance(doc: Doc, openingCents: number): void {
  doc.font(BOLD).fontSize(11).text(`Opening balance: ${formatCents(openingCents)}`, MARGIN, doc.y)
  doc.moveDown(0.5)
}

/** The table of recharges, begun below the heading: rows are added batch by batch, pages as they fill. */
export function startTable(doc: Doc): { addRows(rows: MoveRow[]): void } {
  let y = drawColumnHeads(doc, doc.y)
  return {
    addRows(rows) {
      for (const row of rows) {
        const paid = row.kind === 'recharge' && row.paidCents !== null && row.currency !== null
        const cells = [
          statementDate(row.createdAt),
          printable(moveDescription(row.kind, row.reason)),
          paid ? receiptNumber(row.id) : '',
          paid ? paidText(row.paidCents!, row.currency!) : '',
          signedCents(row.creditCents),
          formatCents(row.balanceCents),
        ]
        doc.font(FONT).fontSize(TABLE_SIZE)
        const planHeight = Math.min(doc.heightOfString(cells[DESCRIPTION]!, { width: COLUMNS[DESCRIPTION].width }), doc.currentLineHeight(true) * PLAN_LINES)
        const height = Math.max(planHeight, doc.currentLineHeight(true))
        if (y + height > bottomOf(doc)) {
          doc.addPage()
          y = drawColumnHeads(doc, MARGIN)
          doc.font(FONT).fontSize(TABLE_SIZE)
        }
        drawCells(doc, cells, y, { [DESCRIPTION]: planHeight })
        y += height + ROW_GAP
      }
      doc.y = y
    },
  }
}

/** "+20.00" added, "-7.35" taken: the sign says which way the credits moved. */
export function signedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents)
}

/** The closing balance and the totals under the table, on a new page when the last one has no room for them. */
export function drawTotals(doc: Doc, summary: StatementSummary): void {
  const paid = summary.paid.length > 0 ? summary.paid.map((one) => paidText(one.cents, one.currency)).join(', ') : 'nothing in this period'
  const lines = [`Closing balance: ${formatCents(summary.closingCents)}`, `Total paid: ${paid}`, `Total credits bought: ${formatCents(summary.creditCents)}`]
  doc.font(BOLD).fontSize(11)
  const needed = lines.length * doc.currentLineHeight(true) + 2 * ROW_GAP
  if (doc.y + needed > bottomOf(doc)) doc.addPage()
  else rule(doc, doc.y)
  doc.y += ROW_GAP
  for (const line of lines) doc.text(line, MARGIN, doc.y)
}

function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom
}

function drawColumnHeads(doc: Doc, top: number): number {
  doc.font(BOLD).fontSize(TABLE_SIZE)
  drawCells(
    doc,
    COLUMNS.map((column) => column.head),
    top,
    {},
  )
  const below = top + doc.currentLineHeight(true) + 2
  rule(doc, below)
  return below + ROW_GAP
}

function drawCells(doc: Doc, cells: string[], top: number, heights: Record<number, number>): void {
  let x = MARGIN
  COLUMNS.forEach((column, index) => {
    const height = heights[index]
    doc.text(cells[index]!, x, top, { width: column.width, align: column.align, lineBreak: height !== undefined, ...(height !== undefined && { height, ellipsis: true }) })
    x += column.width
  })
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke()
}
