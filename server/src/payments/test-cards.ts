// What the test-mode provider does with a card: Stripe's published test cards
// (https://docs.stripe.com/testing) and Stripe's own words for each refusal, so the portal shows in
// test mode what it would show with Stripe. First the checks Stripe.js makes in the browser (number,
// expiry, security code), then what Stripe's servers answer for the number.

/** Stripe's messages, word for word. */
export const CARD_MESSAGES = {
  numberInvalid: 'Your card number is invalid.',
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  securityCodeInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  securityCodeIncorrect: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  liveCard:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const

/** Stripe's test cards that succeed, by brand (docs.stripe.com/testing#cards). */
const SUCCEEDING = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '6011981111111113', // Discover (debit)
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14-digit)
  '6555900000604105', // BCcard and DinaCard
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '6200000000000047', // UnionPay (debit)
  '6205500000000000004', // UnionPay (19-digit)
])

/** Stripe's test cards that Stripe's servers refuse, with the message each gets (docs.stripe.com/testing#declined-payments). */
const REFUSED = new Map<string, string>([
  ['4000000000000002', CARD_MESSAGES.declined], // generic_decline
  ['4000000000009995', CARD_MESSAGES.insufficientFunds], // insufficient_funds
  ['4000000000009987', CARD_MESSAGES.declined], // lost_card
  ['4000000000009979', CARD_MESSAGES.declined], // stolen_card
  ['4000000000000069', CARD_MESSAGES.expired], // expired_card
  ['4000000000000127', CARD_MESSAGES.securityCodeIncorrect], // incorrect_cvc
  ['4000000000000119', CARD_MESSAGES.processingError], // processing_error
  ['4100000000000019', CARD_MESSAGES.declined], // fraudulent (highest risk)
])

export interface TestCard {
  /** Digits; spaces are allowed and ignored. */
  number: string
  expMonth: number
  /** Two digits (27) or four (2027). */
  expYear: number
  cvc: string
}

/** Null when the card pays; otherwise Stripe's message for why it does not. */
export function cardRefusal(card: TestCard, now: Date = new Date()): string | null {
  const digits = card.number.replace(/ /g, '')
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return CARD_MESSAGES.numberInvalid
  const expiryProblem = expiryRefusal(card.expMonth, card.expYear, now)
  if (expiryProblem) return expiryProblem
  // American Express cards (34…, 37…) carry a 4-digit code, every other brand a 3-digit one.
  const codeLength = /^3[47]/.test(digits) ? 4 : 3
  if (!new RegExp(`^\\d{${codeLength}}$`).test(card.cvc.trim())) return CARD_MESSAGES.securityCodeInvalid
  if (SUCCEEDING.has(digits)) return null
  return REFUSED.get(digits) ?? CARD_MESSAGES.liveCard
}

function expiryRefusal(month: number, rawYear: number, now: Date): string | null {
  if (!Number.isInteger(month) || month < 1 || month > 12) return CARD_MESSAGES.expiryMonthInvalid
  const year = rawYear >= 0 && rawYear < 100 ? 2000 + rawYear : rawYear
  if (!Number.isInteger(year) || year < 2000 || year > now.getUTCFullYear() + 50) return CARD_MESSAGES.expiryYearInvalid
  // A card is good until the end of its expiry month.
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  if (year * 12 + (month - 1) < thisMonth) return CARD_MESSAGES.expiryPast
  return null
}

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
