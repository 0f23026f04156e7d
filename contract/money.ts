// Credits are money: held as integer hundredths (cents) everywhere, never as binary floating point,
// where 0.07 is not exactly 0.07 (issue 9). The database holds whole cents (bigint); a typed amount is
// read as decimal text into cents, and cents are written back as decimal text; the API answers credits
// as a number only at the edge. The server's money moves are in server/src/money/.

export const MONEY_MESSAGES = {
  tooManyDecimals: (text: string) => `An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "${text}" has more.`,
  notAnAmount: (text: string) => `"${text}" is not an amount of credits; write it like 25, 1.10 or -0.07.`,
} as const

/** Decimal text with at most 2 decimals: "25", "1.1", "1.10", "-0.07", "+3". At most 13 whole digits, so cents stay safe integers. */
const DECIMAL = /^([+-]?)(\d{1,13})(?:\.(\d{1,2}))?$/
const MORE_DECIMALS = /^[+-]?\d+\.\d{3,}$/

export type ParsedCents = { ok: true; cents: number } | { ok: false; problem: string }

/** Reads decimal text ("1.10", "-0.07") as integer cents, without floating point. */
export function parseCents(text: string): ParsedCents {
  const trimmed = text.trim()
  const match = DECIMAL.exec(trimmed)
  if (!match) return { ok: false, problem: MORE_DECIMALS.test(trimmed) ? MONEY_MESSAGES.tooManyDecimals(trimmed) : MONEY_MESSAGES.notAnAmount(trimmed) }
  const [, sign, whole, fraction = ''] = match
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return { ok: true, cents: sign === '-' && cents !== 0 ? -cents : cents }
}

/** Cents as decimal text with exactly 2 decimals: 110 → "1.10", -7 → "-0.07". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Cents as a JSON number of credits (2 decimals at most): 17230 → 172.3. The nearest double to the decimal, printed exactly as it. */
export function centsToCredits(cents: number): number {
  return Number(formatCents(cents))
}

/** "£50.00": cents paid, in their currency (ISO 4217, either case: Stripe writes "gbp"); `options` may change the symbol, grouping or decimals. A code Intl does not know is written after the amount: "50.00 XYZ". */
export function formatMoney(cents: number, currency: string, options: Omit<Intl.NumberFormatOptions, 'style' | 'currency'> = {}): string {
  const code = currency.toUpperCase()
  try {
    return new Intl.NumberFormat('en-GB', { ...options, style: 'currency', currency: code }).format(Number(formatCents(cents)))
  } catch {
    // Not an ISO 4217 code Intl knows (RangeError): still the amount, and the code.
    return `${formatCents(cents)} ${code}`
  }
}
