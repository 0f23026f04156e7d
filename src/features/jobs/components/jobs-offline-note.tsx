// Shown above the job list while the browser is offline: the jobs are the copy kept on this device
// (src/app/query-persistence.tsx), as they were when last read from the server.
import { StatusMessage } from '@/components/status-message'
import { OFFLINE_NOTE_TEXT as TEXT } from '../dialog-messages'
import { formatJobDate } from '../lib/format-job-date'

export interface JobsOfflineNoteProps {
  /** When the jobs shown were last read from the server, in ms (React Query's dataUpdatedAt). */
  lastUpdatedAt: number
}

export function JobsOfflineNote({ lastUpdatedAt }: JobsOfflineNoteProps) {
  // 0 is React Query's "never fetched".
  const when = lastUpdatedAt > 0 ? formatJobDate(lastUpdatedAt) : null
  return (
    <StatusMessage intent="warning" role="status">
      {when ? TEXT.note(when) : TEXT.noteUndated}
    </StatusMessage>
  )
}
