// Job status labels (portal-spec.md §3, §4).
import type { JobAnswer } from './job-answer'

export const JOB_STATUS_LABELS = ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'] as const
export type JobStatusLabel = (typeof JOB_STATUS_LABELS)[number]

const BY_KEY = new Map<string, JobStatusLabel>(JOB_STATUS_LABELS.map((label) => [statusKey(label), label]))

function statusKey(raw: string): string {
  return raw.trim().toLowerCase().replace(/[\s_-]+/g, ' ')
}

/**
 * Case-insensitive; IN_PROGRESS and "IN PROGRESS" read In Progress; an empty or blank value gives '';
 * any unknown value falls back to Submitted.
 */
export function jobStatusLabel(raw: string | null | undefined): JobStatusLabel | '' {
  if (raw === null || raw === undefined) return ''
  const key = statusKey(raw)
  if (!key) return ''
  return BY_KEY.get(key) ?? 'Submitted'
}

/** The raw status of a job: `job_status` is `{status}` or, in the other reading, a plain string. */
export function statusOf(job: JobAnswer): string {
  const status: unknown = job.job_status
  if (typeof status === 'string') return status
  if (status && typeof status === 'object' && 'status' in status) {
    const inner = (status as { status: unknown }).status
    return typeof inner === 'string' ? inner : ''
  }
  return ''
}

/** Only Completed or Failed jobs can be selected and deleted (portal-spec.md §4). */
export function isDeletableStatus(label: JobStatusLabel | '' | string): boolean {
  return label === 'Completed' || label === 'Failed'
}
