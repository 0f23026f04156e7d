// The Payment dialog (portal-spec.md §2, §4 "Payment dialog", §8 Payments): what is bought, and the card
// form for one recharge plan or, with no plan chosen, the default payment. Opened from Add Credit, on
// top of it. Test mode shows a local, labelled card form; Stripe mode Stripe's own card field, whose
// code is loaded only then. Its states are in use-payment.ts.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import type { RechargePlan } from '@contract/lookups.ts'
import { PAYMENT_MESSAGES } from '@contract/payments.ts'
import { AppDialog } from '@/components/app-dialog'
import { loadStripeJs, type StripeLoader } from '../lib/card-payment'
import { formatMoney, formatPlanCredits } from '../lib/recharge-format'
import { CREDIT_TEXT, PAYMENT_TEXT as TEXT } from '../messages'
import { PaymentSummary } from './payment-summary'
import { TestCardForm } from './test-card-form'
import { usePayment } from './use-payment'

const StripeCardForm = lazy(() => import('./stripe-card-form'))

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalL },
})

export interface PaymentDialogProps {
  open: boolean
  /** The plan to buy; null: the default payment (DEFAULT_PAYMENT_CREDITS). */
  plan: RechargePlan | null
  onClose: () => void
  /** Loads Stripe.js in Stripe mode; component tests pass a stand-in. */
  loadStripe?: StripeLoader
}

export function PaymentDialog(props: PaymentDialogProps) {
  // Each opening starts afresh (a new intent, an empty card form), whatever the caller does with keys.
  return <PaymentSession key={useOpenings(props.open)} {...props} />
}

/** Counts the times `open` turned true. */
function useOpenings(open: boolean): number {
  const [seen, setSeen] = useState({ open, openings: 0 })
  if (seen.open === open) return seen.openings
  // Adjusting state to a changed prop while rendering (react.dev, "You Might Not Need an Effect").
  const next = { open, openings: seen.openings + (open ? 1 : 0) }
  setSeen(next)
  return next.openings
}

function PaymentSession({ open, plan, onClose, loadStripe = loadStripeJs }: PaymentDialogProps) {
  const styles = useStyles()
  const payment = usePayment({ plan, active: open, loadStripe, onClose })
  const { setup, busy, succeeded, creditsPending, online } = payment
  const paid = succeeded || creditsPending
  // Paid: the form goes, with the Pay button that had the focus. The focus moves to the outcome, so it
  // stays in the dialog and the outcome is read out from there.
  const outcome = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (paid) outcome.current?.focus()
  }, [paid])
  const ready = setup.state === 'ready' ? setup : null
  const price = payment.price && formatMoney(payment.price.amount, payment.price.currency)
  const error = setup.state === 'failed' ? setup.message : payment.payError
  const retry = setup.state === 'failed' ? setup.retry : undefined

  const form = ready && {
    clientSecret: ready.intent.clientSecret,
    payLabel: TEXT.pay(price ?? ''),
    busy,
    disabled: !online,
    onPay: payment.pay,
    // After Try again the alert (and its button, which had the focus) goes: the form takes the focus.
    focusFirst: payment.retried,
  }
  const preparing = <Spinner size="small" label={TEXT.preparing} />

  return (
    <AppDialog
      open={open}
      title={TEXT.title}
      // While a card is being confirmed the dialog stays: closing could not stop the charge, and its
      // outcome (and the refreshed balance) would be lost (docs/decisions.md).
      onClose={busy ? () => undefined : payment.close}
      closeButton={!busy}
      maxWidth="sm"
      actions={
        <Button onClick={payment.close} disabled={busy}>
          {paid ? TEXT.close : TEXT.cancel}
        </Button>
      }
    >
      <div className={styles.body}>
        {!online && !paid && (
          <MessageBar intent="warning" role="status" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>{CREDIT_TEXT.offlinePayments}</MessageBarBody>
          </MessageBar>
        )}
        {error && (
          <MessageBar intent="error" role="alert" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>{error}</MessageBarBody>
            {retry && (
              <MessageBarActions>
                <Button onClick={retry} disabledFocusable={setup.state === 'failed' && setup.retrying}>
                  {TEXT.retry}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        )}
        {paid && (
          <MessageBar ref={outcome} tabIndex={-1} intent={succeeded ? 'success' : 'info'} role="status" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>{succeeded ? PAYMENT_MESSAGES.succeeded : TEXT.creditsPending}</MessageBarBody>
          </MessageBar>
        )}
        <PaymentSummary planName={plan ? plan.name : TEXT.defaultPlan} credits={formatPlanCredits(payment.credits)} price={price} />
        {setup.state === 'loading' && online && preparing}
        {form && !paid && ready.config.mode === 'test' && <TestCardForm {...form} paymentIntentId={ready.intent.payment_intent_id} />}
        {form && !paid && ready.config.mode === 'stripe' && ready.stripe && (
          <Suspense fallback={preparing}>
            <StripeCardForm stripe={ready.stripe} {...form} />
          </Suspense>
        )}
      </div>
    </AppDialog>
  )
}
