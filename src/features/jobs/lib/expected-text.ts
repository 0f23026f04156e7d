// When a job is expected, as Job Details says it (issue 24 item 11; docs/decisions/job-details-status.md):
// an open job by its deadline (the submission time plus its turnaround's hours, set by the server),
// with how far off or overdue it is; a finished job was delivered; a failed one is not expected.
import { formatDistanceStrict } from 'date-fns'
import { JOB_DETAILS_TEXT as TEXT } from '../dialog-messages'
import { formatJobDate, parseJobDate } from './format-job-date'
import type { JobStatusLabel } from './job-status'

export function expectedText(status: JobStatusLabel | '', deadline: string | null | undefined, now: Date): string {
  if (status === 'Failed') return TEXT.notExpected
  if (status === 'Completed' || status === 'Downloaded') return TEXT.delivered
  const due = parseJobDate(deadline)
  if (!due) return TEXT.notSpecified
  const distance = formatDistanceStrict(due, now)
  return TEXT.expectedBy(formatJobDate(due)!, due.getTime() >= now.getTime() ? TEXT.dueIn(distance) : TEXT.overdueBy(distance))
}
