// The test-mode card form's fields (card number, expiry MM/YY, CVC) read into what the test-mode
// provider takes. Only the shape is checked here: whether the card is accepted (a past expiry, a
// declined number) is the provider's answer, as it would be Stripe's.
import type { TestConfirmBody } from '@contract/payments.ts'
import { PAYMENT_TEXT as TEXT } from '../messages'

export interface TestCardFields {
  cardNumber: string
  expiry: string
  cvc: string
}

export type TestCardProblems = Partial<Record<keyof TestCardFields, string>>

export type ReadCard = { card: Omit<TestConfirmBody, 'client_secret'>; problems?: undefined } | { card?: undefined; problems: TestCardProblems }

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
