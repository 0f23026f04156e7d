// The "Leave this page?" dialog (portal-spec.md §2 Create Job "Leave protection", §8 "Unsaved
// changes") and its host. The host is mounted once in the app frame, outside the routed pages, so the
// dialog outlives the page it guards: Leave closes it and navigates at once, and the dialog closes
// in place. A Fluent dialog that goes away together with its page while Fluent's focus manager still
// has the page hidden leaves the next page hidden from screen readers (src/lib/modal-hiding.ts); with
// the host that never happens. useLeaveProtection (leave-protection.tsx) asks through it.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import { Button, makeStyles } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'

export const LEAVE_TEXT = {
  title: 'Leave this page?',
  /** portal-spec.md §8, word for word. */
  message: 'You have unsaved changes. Are you sure you want to leave this page? All progress will be lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const

const DESCRIPTION_ID = 'leave-page-text'

const useStyles = makeStyles({ text: { margin: 0 } })

/**
 * An alert dialog like the session warning: no close button and no Escape, the person answers with
 * Stay (focused first, the safe answer) or Leave.
 */
function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const styles = useStyles()
  return (
    <AppDialog
      open={open}
      title={LEAVE_TEXT.title}
      modalType="alert"
      closeButton={false}
      describedBy={DESCRIPTION_ID}
      maxWidth="xs"
      onClose={onStay}
      actions={
        <>
          <Button appearance="primary" onClick={onStay}>
            {LEAVE_TEXT.stay}
          </Button>
          <Button onClick={onLeave}>{LEAVE_TEXT.leave}</Button>
        </>
      }
    >
      <p id={DESCRIPTION_ID} className={styles.text}>
        {LEAVE_TEXT.message}
      </p>
    </AppDialog>
  )
}

/**
 * Asks "Leave this page?"; calls `leave` only when the person chooses Leave. Returns how to take the
 * question back (the asking page went away by other means while it was open).
 */
type ConfirmLeave = (leave: () => void) => () => void

const LeaveGuardContext = createContext<ConfirmLeave | null>(null)

/** The one question and its answers: `leave` is kept until the person answers. */
function useLeaveQuestion() {
  const [open, setOpen] = useState(false)
  const onLeave = useRef<(() => void) | null>(null)
  const confirm = useCallback<ConfirmLeave>((leave) => {
    onLeave.current = leave
    setOpen(true)
    return () => {
      if (onLeave.current !== leave) return
      onLeave.current = null
      setOpen(false)
    }
  }, [])
  const stay = () => {
    onLeave.current = null
    setOpen(false)
  }
  const leave = () => {
    const go = onLeave.current
    onLeave.current = null
    setOpen(false)
    go?.()
  }
  return { confirm, dialog: <LeaveDialog open={open} onStay={stay} onLeave={leave} /> }
}

/** Mount once around the signed-in pages (src/app/routes/app-frame.tsx). */
export function LeaveGuardHost({ children }: { children: ReactNode }) {
  const { confirm, dialog } = useLeaveQuestion()
  return (
    <LeaveGuardContext.Provider value={confirm}>
      {children}
      {dialog}
    </LeaveGuardContext.Provider>
  )
}

/**
 * How a screen asks: through the host when there is one; otherwise (a screen rendered on its own, as
 * in a component test) with a dialog of its own, which the screen renders.
 */
export function useConfirmLeave(): { confirm: ConfirmLeave; dialog: ReactNode } {
  const host = useContext(LeaveGuardContext)
  const own = useLeaveQuestion()
  return host ? { confirm: host, dialog: null } : own
}
