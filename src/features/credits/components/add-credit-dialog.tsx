// The Add Credit dialog of the shell (portal-spec.md §2). Recharge plans, recent transactions and the
// recharge report arrive with the credits feature; until then it says so.
import { makeStyles } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'
import { CREDIT_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({ text: { margin: 0 } })

export function AddCreditDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  return (
    <AppDialog open={open} title={TEXT.addCredit} onClose={onClose} maxWidth="sm">
      <p className={styles.text}>{TEXT.comingSoon}</p>
    </AppDialog>
  )
}
