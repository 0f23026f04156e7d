import { Button, makeStyles } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'
import { formatCountdown } from '../use-inactivity-timer'

export interface SessionTimeoutDialogProps {
  open: boolean
  remainingMs: number
  /** Any activity keeps the session; the button is the obvious way to do it. */
  onStay: () => void
  onLogout: () => void
}

const DESCRIPTION_ID = 'session-timeout-text'

const useStyles = makeStyles({ text: { margin: 0 } })

/**
 * The warning shown 15 seconds before an inactive session is signed out (portal-spec.md §9), in the
 * product's dialog. An alert dialog: Escape does not close it and it has no close button, so the
 * clerk answers with Stay signed in or Logout (focus starts on Stay signed in). AppDialog un-hides
 * the page when the timer signs the clerk out and the page goes away under the open dialog.
 */
export function SessionTimeoutDialog({ open, remainingMs, onStay, onLogout }: SessionTimeoutDialogProps) {
  const styles = useStyles()
  return (
    <AppDialog
      open={open}
      title="Session timeout"
      modalType="alert"
      closeButton={false}
      describedBy={DESCRIPTION_ID}
      maxWidth="sm"
      onClose={onStay}
      actions={
        <>
          <Button appearance="primary" onClick={onStay}>
            Stay signed in
          </Button>
          <Button onClick={onLogout}>Logout</Button>
        </>
      }
    >
      <p id={DESCRIPTION_ID} className={styles.text}>
        You have been inactive for a while. For your security you will be signed out in{' '}
        <strong role="timer" aria-live="off">
          {formatCountdown(remainingMs)}
        </strong>
        .
      </p>
    </AppDialog>
  )
}
