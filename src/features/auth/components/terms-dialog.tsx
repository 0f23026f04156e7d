import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import { TERMS_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: 'calc(100vw - 32px)' },
  frame: { display: 'block', width: '100%', height: 'min(65dvh, 640px)', border: 'none' },
})

/** The terms document (public/terms-and-conditions.html) in a dialog, opened from the sign-up form. */
export function TermsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const styles = useStyles()
  return (
    <Dialog open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{TEXT.title}</DialogTitle>
          <DialogContent>
            <iframe className={styles.frame} title={TEXT.frameTitle} src={TEXT.document} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => onOpenChange(false)}>
              {TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
