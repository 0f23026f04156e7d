// Draws the recharge statement with pdfkit: the heading, a table of recharges that flows over as many
// A4 pages as it needs (its column heads repeated on each), and the totals. Only the built-in
// Helvetica is used, so the PDF embeds no font and its text can be extracted (the tests read it).
import { formatCents, formatMoney } from '@contract/money.ts'
import type { RechargeTotals, StatementRow } from '../repositories/recharges-repository.ts'

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
  { head: 'Date (UTC)', width: 85, align: 'left' },
  { head: 'Plan / remarks', width: 150, align: 'left' },
  { head: 'Amount paid', width: 80, align: 'right' },
  { head: 'Credits added', width: 80, align: 'right' },
  { head: 'Balance after', width: 100, align: 'right' },
] as const

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
}

/** The title, who the statement is for and when it was produced. */
export function drawHeading(doc: Doc, heading: StatementHeading): void {
  doc.font(BOLD).fontSize(20).text(STATEMENT_TITLE, MARGIN, MARGIN)
  doc.moveDown(0.5)
  doc.font(FONT).fontSize(11)
  doc.text(`Clerk: ${printable(heading.fullName)}`)
  doc.text(`Company: ${printable(heading.companyName.trim()) || 'Not specified'}`)
  doc.text(`Produced: ${statementDate(heading.producedAt)} UTC`)
  doc.moveDown(1)
}

/** The table of recharges, begun below the heading: rows are added batch by batch, pages as they fill. */
export function startTable(doc: Doc): { addRows(rows: StatementRow[]): void } {
  let y = drawColumnHeads(doc, doc.y)
  return {
    addRows(rows) {
      for (const row of rows) {
        const cells = [statementDate(row.createdAt), printable(row.reason), paidText(row.paidCents, row.currency), formatCents(row.creditCents), formatCents(row.balanceCents)]
        doc.font(FONT).fontSize(TABLE_SIZE)
        const planHeight = Math.min(doc.heightOfString(cells[1]!, { width: COLUMNS[1].width }), doc.currentLineHeight(true) * PLAN_LINES)
        const height = Math.max(planHeight, doc.currentLineHeight(true))
        if (y + height > bottomOf(doc)) {
          doc.addPage()
          y = drawColumnHeads(doc, MARGIN)
          doc.font(FONT).fontSize(TABLE_SIZE)
        }
        drawCells(doc, cells, y, { 1: planHeight })
        y += height + ROW_GAP
      }
      doc.y = y
    },
  }
}

/** The totals under the table, on a new page when the last one has no room for them. */
export function drawTotals(doc: Doc, totals: RechargeTotals): void {
  const lines = [`Total paid: ${totals.paid.map((paid) => paidText(paid.cents, paid.currency)).join(', ')}`, `Total credits bought: ${formatCents(totals.creditCents)}`]
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
