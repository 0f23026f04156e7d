// The product's one dialog (portal-spec.md §2): a blue gradient title bar with a close button, and a
// default maximum width of md. Every dialog of the portal is built on it.
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { releaseStaleModalHiding } from '@/lib/modal-hiding'

export type DialogWidth = 'xs' | 'sm' | 'md' | 'lg'
const WIDTHS: Record<DialogWidth, string> = { xs: '444px', sm: '600px', md: '900px', lg: '1200px' }

const useStyles = makeStyles({
  surface: { padding: 0, overflow: 'hidden', width: 'calc(100vw - 32px)' },
  body: { gap: 0 },
  // The bar wraps the title and the close button so both sit on the gradient.
  titleBar: {
    gridColumn: '1 / -1',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: 'linear-gradient(90deg, #0b3e73 0%, #0f6cbd 60%, #2886de 100%)',
  },
  title: {
    margin: 0,
    color: 'inherit',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  close: { color: tokens.colorNeutralForegroundOnBrand, minWidth: 'auto' },
  content: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`, overflowY: 'auto', maxHeight: 'calc(100dvh - 200px)' },
  actions: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}` },
})

export interface AppDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons at the foot of the dialog. */
  actions?: ReactNode
  maxWidth?: DialogWidth
  /** 'alert' for a warning that needs an answer: role alertdialog, and Escape does not close it. */
  modalType?: 'modal' | 'alert'
  /**
   * The title bar's close button. Off where the dialog's own buttons are the only ways out (the
   * session warning) or where focus must first land in the content (the terms document).
   */
  closeButton?: boolean
  /** The id of the text that describes the dialog (aria-describedby). */
  describedBy?: string
}

export function AppDialog({ open, title, onClose, children, actions, maxWidth = 'md', modalType = 'modal', closeButton = true, describedBy }: AppDialogProps) {
  const styles = useStyles()
  useReleaseHidingOnUnmount(open)
  const surface = useRef<HTMLDivElement>(null)
  useReturnFocusToOpener(open, surface)
  return (
    <Dialog
      open={open}
      modalType={modalType}
      // Fluent still reports Escape on an alert dialog; an alert is answered with its own buttons.
      onOpenChange={(_, data) => !data.open && !(modalType === 'alert' && data.type === 'escapeKeyDown') && onClose()}
    >
      <DialogSurface ref={surface} className={styles.surface} style={{ maxWidth: WIDTHS[maxWidth] }} aria-describedby={describedBy}>
        <DialogBody className={styles.body}>
          {/* The test id marks the product's title bar: nothing a user perceives tells it apart. */}
          <div className={styles.titleBar} data-testid="app-dialog-title-bar">
            <DialogTitle className={styles.title}>{title}</DialogTitle>
            {closeButton && <Button appearance="transparent" aria-label="Close" className={styles.close} icon={<Dismiss24Regular />} onClick={onClose} />}
          </div>
          <DialogContent className={styles.content}>{children}</DialogContent>
          {actions && <DialogActions className={styles.actions}>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Un-hides the page if this dialog is unmounted while open (see src/lib/modal-hiding.ts). */
export function useReleaseHidingOnUnmount(open: boolean): void {
  const openRef = useRef(open)
  useEffect(() => {
    openRef.current = open
  }, [open])
  useEffect(() => () => void (openRef.current && releaseStaleModalHiding()), [])
}

/**
 * When the dialog closes, the focus goes back to the control that opened it (issue 24 item 14).
 *
 * Fluent does that only for a DialogTrigger child (a Tabster restorer target); the portal's dialogs are
 * opened from elsewhere (the sidebar, a page's button, a dialog underneath), so the focus fell to
 * <body> when a dialog closed with the focus inside it. A screen reader was then left with nothing,
 * Escape no longer reached the dialog underneath (Add Credit after a payment), and Tabster, which
 * chooses what aria-hidden hides from where the focus is, could leave that dialog and the page hidden.
 * Focusing the opener, a programmatic focus, makes Tabster activate the opener's own layer again.
 * The focus is only moved if it is still in this dialog or lost: never taken from where the clerk put it.
 */
export function useReturnFocusToOpener(open: boolean, surface: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null)
  const giveBack = useCallback(() => {
    const target = opener.current
    opener.current = null
    const focused = document.activeElement
    const lost = !focused || focused === document.body || !!surface.current?.contains(focused)
    if (!lost || !target) return
    const back = target.isConnected ? target : redrawnControl(target, surface.current)
    back?.focus()
  }, [surface])
  // In an effect's body, not in a cleanup: React runs layout cleanups before it puts back the focus it
  // found before the commit (the element in the closing dialog), which would undo this focus.
  useLayoutEffect(() => {
    if (open) {
      // Layout effects run before Fluent's effect moves the focus into the dialog: it is still on the opener.
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    } else {
      giveBack()
    }
  }, [open, giveBack])
  // Unmounted while open (its page went): the focus goes back if the opener is still there.
  useLayoutEffect(() => giveBack, [giveBack])
}

/**
 * The same control drawn anew while the dialog was open (a list's row rendered again after a refresh):
 * an element of the same kind with the same name, outside the closing dialog. Null if there is none.
 */
function redrawnControl(gone: HTMLElement, closing: HTMLElement | null): HTMLElement | null {
  const name = (element: Element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
  const wanted = name(gone)
  if (!wanted) return null
  const candidates = document.querySelectorAll<HTMLElement>(gone.tagName)
  return [...candidates].find((element) => name(element) === wanted && !closing?.contains(element)) ?? null
}
