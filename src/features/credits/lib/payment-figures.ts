// What the Payment dialog shows of the money: the amount check of portal-spec.md §5, and the price and
// credits in the clerk's words.

/** portal-spec.md §5: an amount must be a number above 0 ("Invalid payment amount." otherwise). */
export function isValidPaymentAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0
}

/** A price as the clerk reads it, e.g. 20 and "gbp" → "£20.00"; an unknown currency code is shown as written. */
export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`
  }
}

/** Credits to add: whole numbers as they are ("50"), fractions to 2 decimals at most ("12.5"). */
export function formatCredits(credits: number): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(credits)
}
