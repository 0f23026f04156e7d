// What a job's turnaround slot decides besides its price (decisions.md, Jobs): the deadline is the
// submission time plus the slot's hours, and the 1-hour AI Priority slot makes High-priority jobs.

const HOUR_MS = 3_600_000
/** Slots of this many hours or fewer (the AI Priority slot) make High-priority jobs; the rest are Normal. */
const HIGH_PRIORITY_MAX_HOURS = 1

export function deadlineFor(submittedAt: Date, slotHours: number): Date {
  return new Date(submittedAt.getTime() + slotHours * HOUR_MS)
}

export function priorityFor(slotHours: number): 'High' | 'Normal' {
  return slotHours <= HIGH_PRIORITY_MAX_HOURS ? 'High' : 'Normal'
}
