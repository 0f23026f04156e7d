// Shown above the job list while the browser is offline: the jobs are the copy kept on this device
// (src/app/query-persistence.tsx), as they were when last read from the server; when the chosen
// range's list was never stored, the last list that was, named by its range.
import { StatusMessage } from '@/components/status-message'
import { OFFLINE_NOTE_TEXT as TEXT } from '../dialog-messages'
import type { RangeMs } from '../lib/date-range'
import { formatRangeDay } from '../lib/date-range'
import { formatJobDate } from '../lib/format-job-date'

export interface JobsOfflineNoteProps {
  /** When the jobs shown were last read from the server, in ms (React Query's dataUpdatedAt). */
  lastUpdatedAt: number
  /** The range of the stored list shown, when it is not the chosen range's. */
  storedRange?: RangeMs
}

function noteText(lastUpdatedAt: number, storedRange: RangeMs | undefined): string {
  // 0 is React Query's "never fetched".
  const when = lastUpdatedAt > 0 ? formatJobDate(lastUpdatedAt) : null
  if (when && storedRange) return TEXT.storedList(when, formatRangeDay(new Date(storedRange.startMs)), formatRangeDay(new Date(storedRange.endMs)))
  return when ? TEXT.note(when) : TEXT.noteUndated
}

export function JobsOfflineNote({ lastUpdatedAt, storedRange }: JobsOfflineNoteProps) {
  return (
    <StatusMessage intent="warning" role="status">
      {noteText(lastUpdatedAt, storedRange)}
    </StatusMessage>
  )
}
