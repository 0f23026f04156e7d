// The job life cycle on the server (decisions.md, Jobs): Submitted -> Scheduled -> In Progress ->
// Completed or Failed; a Completed job becomes Downloaded when its clerk first downloads a transcript.
// Operators move jobs along it; anything else is refused with a message naming both statuses.
import { formatCents } from '@contract/money.ts'
import type { JobStatus } from '../db/schema.ts'

/** The longest failure reason an operator may give (the clerk reads it in a notification and on the job). */
export const FAILURE_REASON_MAX_LENGTH = 500

const NEXT: Record<JobStatus, readonly JobStatus[]> = {
  Submitted: ['Scheduled', 'Failed'],
  Scheduled: ['In Progress', 'Failed'],
  'In Progress': ['Completed', 'Failed'],
  Completed: ['Downloaded'],
  Downloaded: [],
  Failed: [],
}

export function canMove(from: JobStatus, to: JobStatus): boolean {
  return NEXT[from].includes(to)
}

/** Why a move is refused, or null when it is allowed. */
export function moveProblem(from: JobStatus, to: JobStatus): string | null {
  if (canMove(from, to)) return null
  const allowed = NEXT[from]
  return allowed.length === 0
    ? `A ${from} job cannot change status.`
    : `A ${from} job cannot move to ${to}; it can move to ${allowed.join(' or ')}.`
}

/** The statuses of a job whose transcript is still owed: one of them past its deadline is late (`ops jobs --late`). */
export const UNFINISHED_STATUSES: readonly JobStatus[] = ['Submitted', 'Scheduled', 'In Progress']

/** Only Completed or Failed jobs may be deleted by their clerk (portal-spec.md §4, decisions.md). */
export function isDeletable(status: JobStatus): boolean {
  return status === 'Completed' || status === 'Failed'
}

/** The message a clerk is sent when their job changes status; a failure says why, and what was refunded. */
export function statusNotification(jobId: number, status: JobStatus, failure: { reason?: string; refundedCents?: number } = {}): string {
  // The operator's words end as a sentence, so what follows them reads as one.
  const why = failure.reason ? ` Reason: ${failure.reason}${/[.!?]$/.test(failure.reason) ? '' : '.'}` : ''
  const refunded = failure.refundedCents ? ` ${refundedText(failure.refundedCents)}` : ''
  return `Job #${jobId} is now ${status}.${why}${refunded}`
}

/** The message a clerk is sent when a Failed job's charge is refunded after the move. */
export function refundNotification(jobId: number, refundedCents: number): string {
  return `Job #${jobId}: ${refundedText(refundedCents)}`
}

const refundedText = (cents: number) => `${formatCents(cents)} credits were refunded to your balance.`
