import { Button, makeStyles } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'
import { TERMS_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  frame: { display: 'block', width: '100%', height: 'min(65dvh, 640px)', border: 'none' },
})

/**
 * The terms document (public/terms-and-conditions.html) in the product's dialog, opened from the
 * sign-up form. Its one way out is Close (or Escape): without the title bar's close button, focus
 * lands in the document when it opens, so it can be scrolled with the keyboard at once.
 */
export function TermsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const styles = useStyles()
  return (
    <AppDialog
      open={open}
      title={TEXT.title}
      onClose={() => onOpenChange(false)}
      closeButton={false}
      actions={
        <Button appearance="primary" onClick={() => onOpenChange(false)}>
          {TEXT.close}
        </Button>
      }
    >
      <iframe className={styles.frame} title={TEXT.frameTitle} src={TEXT.document} />
    </AppDialog>
  )
}
