// The words of money moves: refusals (sent as an error's detail) and the notifications a clerk gets.
// Every move of a clerk's credits notifies them; the texts live here, once.
import { formatCents } from '@contract/money.ts'
import { OPS_CREDITS_MAX_CENTS } from '@contract/ops.ts'

export const MONEY_MOVE_MESSAGES = {
  amountZero: 'The amount must not be zero.',
  reasonRequired: 'Every credit adjustment needs a reason.',
  amountTooLarge: `An adjustment can be at most ${formatCents(OPS_CREDITS_MAX_CENTS)} credits either way.`,
  belowZero: (balanceCents: number) => `That would take the balance below zero (it is ${formatCents(balanceCents)}).`,
  /** A job's cost above the balance (Create Job checks first; this is the server's own refusal). */
  notEnoughForJob: (costCents: number, balanceCents: number) =>
    `This job costs ${formatCents(costCents)} credits, but your balance is ${formatCents(balanceCents)}. Please add credits and submit again.`,
  /** A payment reference already credited for another clerk or another amount. */
  referenceUsed: (externalReference: string) => `The payment ${externalReference} was already credited for another request.`,
  /** The clerk's account is gone (erased, or never there) by the time the move locks it. */
  noSuchClerk: 'This clerk’s account no longer exists. Nothing was changed.',
  /** A retried submit (same client request id) whose job details differ from the first submit's. */
  requestUsed: 'This submit was already sent with other details. Please check My Jobs before you submit again.',
  creditsNotice: (amountCents: number, reason: string) => `${amountCents > 0 ? 'Added' : 'Removed'} ${formatCents(Math.abs(amountCents))} credits: ${reason}`,
  jobCharged: (jobId: number, costCents: number) => `Job #${jobId} was submitted; ${formatCents(costCents)} credits were charged.`,
  /** The refund entry's reason, as the clerk's transactions and statement show it. */
  refundReason: (jobId: number) => `Refund for failed job #${jobId}`,
  alreadyRefunded: (jobId: number, amountCents: number) => `Job #${jobId}'s charge of ${formatCents(amountCents)} credits was already refunded. Nothing was changed.`,
  notCharged: (jobId: number) => `Job #${jobId} was not charged (a demo job), so there is nothing to refund. Nothing was changed.`,
} as const
