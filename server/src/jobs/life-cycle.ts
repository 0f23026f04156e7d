// The job life cycle on the server (decisions.md, Jobs): Submitted -> Scheduled -> In Progress ->
// Completed or Failed; a Completed job becomes Downloaded when its clerk first downloads a transcript.
// Operators move jobs along it; anything else is refused with a message naming both statuses.
import type { JobStatus } from '../db/schema.ts'

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

/** Only Completed or Failed jobs may be deleted by their clerk (portal-spec.md §4, decisions.md). */
export function isDeletable(status: JobStatus): boolean {
  return status === 'Completed' || status === 'Failed'
}

/** The message a clerk is sent when their job changes status. */
export function statusNotification(jobId: number, status: JobStatus): string {
  return `Job #${jobId} is now ${status}.`
}
