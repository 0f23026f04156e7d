// Stripe mode's card form: Stripe's own card field (Elements and CardElement from
// @stripe/react-stripe-js), confirmed in the browser with the intent's client secret. The dialog loads
// this module only when the server is in Stripe mode, so it stays out of the main bundle.
import { useId, useState, type FormEvent } from 'react'
import { Label, makeStyles, tokens } from '@fluentui/react-components'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { PAYMENT_MESSAGES } from '@contract/payments.ts'
import { PaymentFailure, type CardFormProps } from '../lib/card-payment'
import { PAYMENT_TEXT as TEXT } from '../messages'
import { PayButton } from './pay-button'

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  field: { display: 'grid', gap: tokens.spacingVerticalXXS },
  // Drawn like a Fluent input; Stripe's field is an iframe, so focus shows on the box around it.
  card: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  problem: { margin: 0, color: tokens.colorStatusDangerForeground1, fontSize: tokens.fontSizeBase200 },
})

export interface StripeCardFormProps extends CardFormProps {
  stripe: Stripe
}

export default function StripeCardForm({ stripe, ...form }: StripeCardFormProps) {
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...form} />
    </Elements>
  )
}

function StripeCardFields({ clientSecret, payLabel, busy, disabled, onPay, focusFirst }: CardFormProps) {
  const styles = useStyles()
  const stripe = useStripe()
  const elements = useElements()
  const labelId = useId()
  const problemId = useId()
  // Stripe's own words for what is wrong with the card as typed (its change event).
  const [problem, setProblem] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    onPay(async () => {
      const card = elements?.getElement(CardElement)
      // Stripe.js or its card field is not there yet (spec §8).
      if (!stripe || !card) throw new PaymentFailure(PAYMENT_MESSAGES.cannotProceed)
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } })
      if (error) throw new PaymentFailure(error.message || PAYMENT_MESSAGES.failed)
      // 'processing': Stripe has the payment and its outcome comes with the webhook, so the credits are
      // awaited as after 'succeeded'; anything else was not paid.
      if (paymentIntent.status !== 'succeeded' && paymentIntent.status !== 'processing') throw new PaymentFailure(PAYMENT_MESSAGES.failed)
      return paymentIntent.id
    })
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={TEXT.cardDetails}>
      <div className={styles.field}>
        <Label id={labelId} required>
          {TEXT.cardDetails}
        </Label>
        <div role="group" aria-labelledby={labelId} aria-describedby={problem ? problemId : undefined} className={styles.card}>
          <CardElement options={{ disabled: busy }} onReady={(card) => focusFirst && card.focus()} onChange={(event) => setProblem(event.error?.message)} />
        </div>
        {problem && (
          <p id={problemId} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </div>
      <div>
        <PayButton label={payLabel} busy={busy} disabled={disabled} />
      </div>
    </form>
  )
}
