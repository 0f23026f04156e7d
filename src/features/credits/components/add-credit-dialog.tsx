// The Add Credit dialog of the shell (portal-spec.md §2): the recharge plans to choose from, a button
// that pays for the chosen plan (or the default 50 credits when none is chosen) in the Payment dialog,
// opened on top of this one, and the recent transactions with the recharge report. Payments need the
// live API: offline the dialog says so and its buttons send nothing, while plans and a history already
// read stay shown.
import { useId, useState } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import type { RechargePlan } from '@contract/lookups.ts'
import { AppDialog } from '@/components/app-dialog'
import { StatusMessage } from '@/components/status-message'
import { useLookup } from '@/lib/lookups'
import { useOnlineStatus } from '@/lib/use-online-status'
import { formatMoney } from '../lib/recharge-format'
import { ADD_CREDIT_TEXT, CREDIT_TEXT } from '../messages'
import { PaymentDialog } from './payment-dialog'
import { RecentTransactions } from './recent-transactions'
import { RechargePlanChoice } from './recharge-plan-choice'

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalXL },
  section: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  pay: { justifySelf: 'start', maxWidth: '100%' },
})

export function AddCreditDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppDialog open={open} title={CREDIT_TEXT.addCredit} onClose={onClose} maxWidth="md">
      {/* Mounted only while the dialog is open: plans and history are read when the clerk looks, and a
          choice is forgotten when the dialog closes. */}
      <AddCreditContent />
    </AppDialog>
  )
}

function AddCreditContent() {
  const styles = useStyles()
  const online = useOnlineStatus()
  const plans = useLookup('recharge-plans')
  const [chosen, setChosen] = useState<RechargePlan | null>(null)
  // Kept apart from `chosen` so the Payment dialog keeps its plan while it closes.
  const [payment, setPayment] = useState<{ open: boolean; plan: RechargePlan | null }>({ open: false, plan: null })
  const plansHeading = useId()
  const historyHeading = useId()

  return (
    <div className={styles.content}>
      {!online && <StatusMessage intent="warning">{ADD_CREDIT_TEXT.offline}</StatusMessage>}
      <section className={styles.section} aria-labelledby={plansHeading}>
        <h3 id={plansHeading} className={styles.heading}>
          {ADD_CREDIT_TEXT.plansHeading}
        </h3>
        <RechargePlanChoice
          plans={plans.data}
          loading={plans.isPending}
          failed={plans.isError}
          onRetry={() => void plans.refetch()}
          chosen={chosen}
          onChoose={setChosen}
          labelledBy={plansHeading}
        />
        <Button className={styles.pay} appearance="primary" disabled={!online} onClick={() => setPayment({ open: true, plan: chosen })}>
          {chosen ? ADD_CREDIT_TEXT.payPlan(chosen.name, formatMoney(chosen.price, chosen.currency)) : ADD_CREDIT_TEXT.payDefault}
        </Button>
      </section>
      <section className={styles.section} aria-labelledby={historyHeading}>
        <h3 id={historyHeading} className={styles.heading}>
          {ADD_CREDIT_TEXT.historyHeading}
        </h3>
        <RecentTransactions online={online} labelledBy={historyHeading} />
      </section>
      {/* Inside this dialog's surface: Fluent nests it, so it opens on top and Escape closes it alone. */}
      <PaymentDialog open={payment.open} plan={payment.plan} onClose={() => setPayment((current) => ({ ...current, open: false }))} />
    </div>
  )
}
