// How the Add Credit and Payment dialogs write money, credits, dates and remarks (portal-spec.md §3, §9).
import { format, isValid, parseISO } from 'date-fns'
import { REMARKS_SHOWN_CHARACTERS } from '@contract/payments.ts'

/** "£20.00": the amount in its currency (ISO 4217, either case: Stripe writes "gbp"). */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase()
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(amount)
  } catch {
    // A code Intl does not know (RangeError): still the amount, and the code as given.
    return `${amount.toFixed(2)} ${code}`
  }
}

const CREDITS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 })

/** A plan's credits, or a payment's credits to add: "100", "12.5", "1,000" (no decimals it does not have, 2 at most). */
export function formatPlanCredits(credits: number): string {
  return CREDITS.format(credits)
}

/** portal-spec.md §9: history dates dd/mm/yyyy hh:mm (24-hour, local time); the text as given when unreadable. */
export function formatHistoryDate(createdAt: string): string {
  const date = parseISO(createdAt)
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : createdAt
}

/** portal-spec.md §3, §9: remarks cut at 30 characters, an ellipsis added when cut. */
export function cutRemarks(remarks: string): string {
  return remarks.length > REMARKS_SHOWN_CHARACTERS ? `${remarks.slice(0, REMARKS_SHOWN_CHARACTERS)}…` : remarks
}
