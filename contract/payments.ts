// Credits bought by card (portal-spec.md §2 Add Credit and Payment, §3 recharge entities, §7 calls,
// §8 messages, §9 constants; issue 13). Paths are under /api. Money in an answer is a JSON number at
// the edge only (contract/money.ts): the server holds whole cents.
import { Type, type Static } from 'typebox'
import { RowId, Text } from './input-rules.ts'

export const PAYMENT_PATHS = {
  /** GET: which provider takes cards (the publishable key reaches the portal here, at run time). */
  config: '/payments/config',
  /** POST {recharge_plan_id} (and `amount` in the spec's other reading): the intent's client secret. */
  createIntent: '/stripe/create-payment-intent',
  /** POST, Stripe's signed events (raw body). */
  webhook: '/stripe/webhook',
  /** POST: the test-mode provider's card confirmation (stands in for Stripe.js + Stripe's servers). */
  testConfirm: '/payments/test/confirm',
  /** GET /clerk/payments/{payment_intent_id}: whether the clerk's payment has been credited yet. */
  paymentStatus: '/clerk/payments',
  /** GET: the clerk's recharges and their statement's path (portal-spec.md §3). */
  rechargeHistory: '/clerk/recharge-history',
} as const

/** The file kind of the recharge statement: GET /files/15/{recharge_report} (portal-spec.md §7). */
export const RECHARGE_REPORT_FILE_KIND = '15'

/** portal-spec.md §9: the default payment when no plan is chosen, in credits (one credit per unit of currency). */
export const DEFAULT_PAYMENT_CREDITS = 50
/** portal-spec.md §9: identical payment-intent requests within this many seconds answer the same intent. */
export const PAYMENT_INTENT_DEDUPE_SECONDS = 5
/** portal-spec.md §9: the Payment dialog closes this long after "Payment Successful!". */
export const PAYMENT_SUCCESS_CLOSE_MS = 2_000
/** portal-spec.md §3: a transaction's remarks are cut at this many characters (the whole text in a tooltip). */
export const REMARKS_SHOWN_CHARACTERS = 30
/** How many of the newest recharges the history answers ("recent transactions"); the statement holds them all. */
export const RECENT_TRANSACTIONS_LIMIT = 10

/** portal-spec.md §8, word for word. */
export const PAYMENT_MESSAGES = {
  invalidAmount: 'Invalid payment amount.',
  errorCreatingIntent: 'Error creating payment intent',
  networkErrorCreatingIntent: 'Network error when creating payment intent',
  initializeFailed: 'Failed to initialize payment.',
  cannotProceed: 'Unable to proceed with payment.',
  failed: 'Payment failed. Please try again.',
  unexpected: 'Unexpected error occurred.',
  succeeded: 'Payment Successful!',
} as const

/** The label every test-mode card form carries (decisions.md, Payments: clearly labelled). */
export const TEST_MODE_LABEL = 'Test mode: no card is charged'

/** Stripe's published test cards the portal shows beside the test-mode form, with what each does. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
] as const

export const PaymentsConfig = Type.Union([
  Type.Object({ mode: Type.Literal('stripe'), publishable_key: Type.String() }),
  Type.Object({ mode: Type.Literal('test') }),
])
export type PaymentsConfig = Static<typeof PaymentsConfig>

/**
 * POST /stripe/create-payment-intent. With a plan, the plan's price; without one, the default of
 * DEFAULT_PAYMENT_CREDITS, and an `amount` sent must be that default: the server never charges a price
 * the client chose.
 */
export const CreatePaymentIntentBody = Type.Object(
  {
    recharge_plan_id: Type.Optional(Type.Union([RowId(), Type.Null()])),
    amount: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
)
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>

export const CreatePaymentIntentResponse = Type.Object({
  /** Confirms the payment in the browser (Stripe.js, or the test-mode form). */
  clientSecret: Type.String(),
  payment_intent_id: Type.String(),
  /** What the card is charged, in `currency`'s units (e.g. 20 for £20.00). */
  amount: Type.Number(),
  /** ISO 4217, lower case as Stripe writes it ("gbp"). */
  currency: Type.String(),
  /** Credits the payment adds. */
  credits: Type.Number(),
})
export type CreatePaymentIntentResponse = Static<typeof CreatePaymentIntentResponse>

/** POST /payments/test/confirm: what a card form collects. Refusals answer 402 `card_declined` with the provider's message. */
export const TestConfirmBody = Type.Object(
  {
    client_secret: Text({ minLength: 1, maxLength: 200 }),
    /** Digits, spaces allowed. */
    card_number: Text({ maxLength: 30 }),
    exp_month: Type.Integer(),
    /** Two digits (27) or four (2027). */
    exp_year: Type.Integer(),
    cvc: Text({ maxLength: 8 }),
  },
  { additionalProperties: false },
)
export type TestConfirmBody = Static<typeof TestConfirmBody>

export const TestConfirmResponse = Type.Object({ id: Type.String(), status: Type.Literal('succeeded') })
export type TestConfirmResponse = Static<typeof TestConfirmResponse>

/** GET /clerk/payments/{payment_intent_id}: true once the payment's credits are in the clerk's balance. */
export const PaymentStatus = Type.Object({ credited: Type.Boolean() })
export type PaymentStatus = Static<typeof PaymentStatus>

/** The kinds of money move: a card payment, a job's charge, a failed job's refund, an operator's adjustment. */
export const MoneyMoveKind = Type.Union([Type.Literal('recharge'), Type.Literal('job_charge'), Type.Literal('refund'), Type.Literal('adjustment')])
export type MoneyMoveKind = Static<typeof MoneyMoveKind>

/** portal-spec.md §3, Transaction: one money move (every kind, not only recharges; issue 24 item 12). */
export const RechargeTransaction = Type.Object({
  id: Type.Integer(),
  kind: MoneyMoveKind,
  /** What a card payment paid, in `currency`'s units; null for moves nobody paid for. */
  amount: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
  /** Credits moved (2 decimals): positive added, negative taken. */
  credit: Type.Number(),
  /** The clerk's balance right after this move (2 decimals). */
  balance: Type.Number(),
  /** What the move was: the plan bought, "Job #13", "Refund for failed job #13", "Adjustment: {reason}". */
  remarks: Type.String(),
  /** The job a charge or refund is for; null otherwise. */
  job_id: Type.Union([Type.Integer(), Type.Null()]),
  /** A card payment's receipt number ("IS-000042"); null for other moves. */
  receipt_number: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  created_at: Type.String(),
})
export type RechargeTransaction = Static<typeof RechargeTransaction>

export const RechargeHistory = Type.Object({
  /** The newest first, at most RECENT_TRANSACTIONS_LIMIT. */
  transactions: Type.Array(RechargeTransaction),
  /** The statement's path for GET /files/15/{path}; null when the clerk has no money move yet. */
  recharge_report: Type.Union([Type.String(), Type.Null()]),
})
export type RechargeHistory = Static<typeof RechargeHistory>
