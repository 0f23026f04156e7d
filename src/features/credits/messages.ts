// Every text of the credit balance, the Add Credit dialog and the Payment dialog. The spec's own words
// (portal-spec.md §8 "Recharge" and "Payments", §9) are used word for word (the payment ones are in
// contract/payments.ts: PAYMENT_MESSAGES, TEST_MODE_LABEL); the rest (headings, labels, the offline
// notes) are this portal's own (docs/decisions/add-credit-dialog-portal.md and "… the Payment dialog").
import { DEFAULT_PAYMENT_CREDITS } from '@contract/payments.ts'

export const CREDIT_TEXT = {
  totalCredit: 'Total Credit',
  /** portal-spec.md §2: '--' while the balance is unknown. */
  unknown: '--',
  loadFailed: 'Could not load credit',
  low: 'Low credit',
  addCredit: 'Add Credit',
  /** Both payment dialogs say this offline (issue 13: payments need the live API). */
  offlinePayments: 'You are offline. Buying credits needs a connection; try again when you are back online.',
} as const

/** The Add Credit dialog (portal-spec.md §2, §3, §8 "Recharge"). */
export const ADD_CREDIT_TEXT = {
  plansHeading: 'Recharge plans',
  loadingPlans: 'Loading recharge plans...',
  /** portal-spec.md §8, word for word. */
  plansFailed: 'Failed to load recharge plans',
  noPlans: 'No recharge plans are offered at the moment. You can still buy the default amount.',
  /** The option that means "no plan": portal-spec.md §2/§9, the default payment of 50. */
  noPlan: `No plan: the default amount of ${DEFAULT_PAYMENT_CREDITS} credits`,
  credits: (credits: string) => `${credits} credits`,
  payPlan: (name: string, price: string) => `Buy ${name} for ${price}`,
  payDefault: `Buy ${DEFAULT_PAYMENT_CREDITS} credits (default amount)`,
  retry: 'Try again',

  historyHeading: 'Recent transactions',
  loadingHistory: 'Loading recent transactions...',
  /** The history was never read and the browser is offline: React Query holds the request back. */
  historyWaitsForConnection: 'Your recent transactions show here when you are back online.',
  /** portal-spec.md §8, word for word. */
  historyFailed: 'Failed to load transaction history',
  /** portal-spec.md §8: the fetch's own default. */
  historyFetchFailed: 'Failed to get recharge history',
  /** portal-spec.md §8, word for word. */
  noTransactions: 'No recent transactions found.',
  /** Every money move, not only recharges (issue 24 item 12; docs/decisions/money-trail.md). */
  columns: { date: 'Date', description: 'Description', amount: 'Amount paid', credits: 'Credits', balance: 'Balance' },
  /** A card payment's receipt number, under its plan. */
  receipt: (number: string) => `Receipt ${number}`,
  /** The amount cell of a move nobody paid for (a job charge, a refund, an adjustment). */
  nothingPaid: 'Nothing paid',

  downloadReport: 'Download recharge report',
  /** portal-spec.md §8, word for word: the clerk has no recharge yet, so no statement. */
  noReport: 'No recharge history to show as of current date',
  /** portal-spec.md §8 "Downloads", word for word: the client-side wording of a failed report download. */
  reportDownloadFailed: 'Failed to download the report file',

  offline: 'You are offline. Buying credits and downloading the recharge report need a connection; try again when you are back online.',
} as const

/** The Payment dialog's own words (the spec's are PAYMENT_MESSAGES). */
export const PAYMENT_TEXT = {
  title: 'Payment',
  plan: 'Plan',
  /** What the summary names when no plan was chosen (portal-spec.md §9: the default payment). */
  defaultPlan: 'Default payment',
  creditsToAdd: 'Credits to add',
  price: 'Price',
  preparing: 'Preparing the payment...',
  pay: (price: string) => `Pay ${price}`,
  paying: 'Paying...',
  /** Paid, but the credits had not come when the dialog stopped asking: honest, not "Payment Successful!". */
  creditsPending: 'Payment received. Your credits will appear in your balance shortly.',
  /** Asks for the intent again after creating it failed. */
  retry: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  cardNumber: 'Card number',
  expiry: 'Expiry date (MM/YY)',
  cvc: 'Security code (CVC)',
  cardDetails: 'Card details',
  testCards: 'Test cards you can use',
  testCardsHint: 'Use any future expiry date and any 3 digits as the security code.',
  cardNumberProblem: 'Enter the card number: 12 to 19 digits.',
  expiryProblem: 'Enter the expiry date as MM/YY, for example 08/29.',
  cvcProblem: 'Enter the 3 or 4 digit security code from the back of the card.',
} as const
