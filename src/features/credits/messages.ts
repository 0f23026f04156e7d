// Every text of the credit balance and the Add Credit dialog. The spec's own words (portal-spec.md §8
// "Recharge", §9) are used word for word; the rest (headings, labels, the offline note) are this
// portal's own (docs/decisions.md, "Payments: the Add Credit dialog").
import { DEFAULT_PAYMENT_CREDITS } from '@contract/payments.ts'

export const CREDIT_TEXT = {
  totalCredit: 'Total Credit',
  /** portal-spec.md §2: '--' while the balance is unknown. */
  unknown: '--',
  loadFailed: 'Could not load credit',
  low: 'Low credit',
  addCredit: 'Add Credit',
} as const

/** The Add Credit dialog (portal-spec.md §2, §3, §8 "Recharge"). */
export const ADD_CREDIT_TEXT = {
  plansHeading: 'Recharge plans',
  /** The radio group's name. */
  plansLabel: 'Choose a recharge plan',
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
  columns: { date: 'Date', plan: 'Plan', amount: 'Amount paid', credits: 'Credits' },

  downloadReport: 'Download recharge report',
  /** portal-spec.md §8, word for word: the clerk has no recharge yet, so no statement. */
  noReport: 'No recharge history to show as of current date',
  /** portal-spec.md §8 "Downloads": the client-side wording of a failed report download. */
  reportFetchFailed: 'Failed to download the report file',
  reportDownloadFailed: 'Failed to download the report file. Please try again.',

  offline: 'You are offline. Buying credits and downloading the recharge report need a connection; try again when you are back online.',
} as const
