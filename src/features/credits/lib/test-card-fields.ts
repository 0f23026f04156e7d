// The test-mode card form's fields (card number, expiry MM/YY, CVC): shown as typed the way a card
// reads (the number in fours, the expiry "MM / YY"), and read into what the test-mode provider takes.
// Only the shape is checked here: whether the card is accepted (a past expiry, a declined number) is
// the provider's answer, as it would be Stripe's.
import type { TestConfirmBody } from '@contract/payments.ts'
import { PAYMENT_TEXT as TEXT } from '../messages'

export interface TestCardFields {
  cardNumber: string
  expiry: string
  cvc: string
}

export type TestCardProblems = Partial<Record<keyof TestCardFields, string>>

export type ReadCard = { card: Omit<TestConfirmBody, 'client_secret'>; problems?: undefined } | { card?: undefined; problems: TestCardProblems }

/** The longest card number (ISO/IEC 7812). */
const CARD_DIGITS_MAX = 19

/** The card number as typed, in groups of four digits: "4242424" -> "4242 424". */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_DIGITS_MAX)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * The expiry as typed, as "MM / YY" with the slash put in: "1229" -> "12 / 29", "8" -> "08 / " (no
 * month starts with 2 to 9). `previous` is what the field showed: a deletion that leaves the month
 * alone takes the slash away too, so Backspace is never stuck behind it.
 */
export function formatExpiry(typed: string, previous: string): string {
  let digits = typed.replace(/\D/g, '').slice(0, 4)
  const deleting = typed.length < previous.length
  if (digits.length === 1 && digits > '1' && !deleting) digits = `0${digits}`
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`
  if (digits.length === 2 && !deleting) return `${digits} / `
  return digits
}

const CARD_NUMBER = /^\d{12,19}$/
// "08/29", "08 / 29" or "0829".
const EXPIRY = /^(\d{2})\s*\/?\s*(\d{2})$/
const CVC = /^\d{3,4}$/

export function readTestCard(fields: TestCardFields): ReadCard {
  const digits = fields.cardNumber.replace(/[\s-]/g, '')
  const expiry = EXPIRY.exec(fields.expiry.trim())
  const month = expiry ? Number(expiry[1]) : 0
  const cvc = fields.cvc.trim()
  const problems: TestCardProblems = {}
  if (!CARD_NUMBER.test(digits)) problems.cardNumber = TEXT.cardNumberProblem
  if (!expiry || month < 1 || month > 12) problems.expiry = TEXT.expiryProblem
  if (!CVC.test(cvc)) problems.cvc = TEXT.cvcProblem
  if (Object.keys(problems).length > 0) return { problems }
  return { card: { card_number: digits, exp_month: month, exp_year: Number(expiry![2]), cvc } }
}
