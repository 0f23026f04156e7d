import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useReleaseHidingOnUnmount } from '@/components/app-dialog'
import { formatCountdown } from '../use-inactivity-timer'

export interface SessionTimeoutDialogProps {
  open: boolean
  remainingMs: number
  /** Any activity keeps the session; the button is the obvious way to do it. */
  onStay: () => void
  onLogout: () => void
}

/** The warning shown 15 seconds before an inactive session is signed out (portal-spec.md §9). */
export function SessionTimeoutDialog({ open, remainingMs, onStay, onLogout }: SessionTimeoutDialogProps) {
  // The dialog is open when the timer signs the clerk out and the page goes away under it.
  useReleaseHidingOnUnmount(open)
  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface aria-describedby="session-timeout-text">
        <DialogBody>
          <DialogTitle>Session timeout</DialogTitle>
          <DialogContent id="session-timeout-text">
            You have been inactive for a while. For your security you will be signed out in{' '}
            <strong role="timer" aria-live="off">
              {formatCountdown(remainingMs)}
            </strong>
            .
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onStay}>
              Stay signed in
            </Button>
            <Button onClick={onLogout}>Logout</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
