// What the clerk is told about the draft kept on this device: that it was restored and from when,
// with Discard draft (no confirmation: docs/decisions/draft-kept-on-the-device.md), the room left,
// files that will not be kept, and a save that failed. The room left is said on step 1 only, where
// the audio files that take it are added; repeated on every step it was noise.
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { format } from 'date-fns'
import { StatusMessage } from '@/components/status-message'
import { formatBytes } from '@/lib/format-bytes'
import type { DraftKeeping } from '../draft/use-wizard-draft'
import { WIZARD_TEXT as TEXT } from '../messages'
import { useWizardStyles } from './wizard-styles'

const useStyles = makeStyles({
  // As wide as the steps, and apart from the step's heading below.
  root: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '880px', marginBottom: tokens.spacingVerticalL },
})

/** "22/11/2026 14:05", local time. */
export const RESTORED_FORMAT = 'dd/MM/yyyy HH:mm'

export interface DraftNoticeProps {
  keeping: DraftKeeping
  onDiscard: () => void
  disabled: boolean
  /** Whether to say the room left (on step 1). */
  showRoom: boolean
}

export function DraftNotice({ keeping, onDiscard, disabled, showRoom }: DraftNoticeProps) {
  const styles = useWizardStyles()
  const own = useStyles()
  const room = showRoom ? keeping.room : null
  const shown = keeping.restoredAt !== null || keeping.notKept.length > 0 || keeping.saveFailed !== null || room !== null
  if (!shown) return null
  return (
    <div className={own.root}>
      {keeping.restoredAt !== null && (
        <StatusMessage
          intent="info"
          action={
            <Button onClick={onDiscard} disabled={disabled}>
              {TEXT.discardDraft}
            </Button>
          }
        >
          {TEXT.draftRestored(format(keeping.restoredAt, RESTORED_FORMAT))}
        </StatusMessage>
      )}
      {keeping.notKept.map((name) => (
        <StatusMessage key={name} intent="warning">
          {TEXT.fileNotKept(name)}
        </StatusMessage>
      ))}
      {keeping.saveFailed && <StatusMessage intent="error">{keeping.saveFailed === 'full' ? TEXT.draftFull : TEXT.draftNotSaved}</StatusMessage>}
      {room !== null && <p className={styles.muted}>{TEXT.roomLeft(formatBytes(room))}</p>}
    </div>
  )
}
