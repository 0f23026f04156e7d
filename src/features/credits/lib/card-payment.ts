// What the Payment dialog and its two card forms (test mode's and Stripe's) share: a form hands the
// dialog a confirmation to run, and the dialog runs it once, shows "Paying..." and what came of it.
import type { Stripe } from '@stripe/stripe-js'

/** Confirms the card payment; resolves with the payment intent's id once the card is charged. */
export type ConfirmCard = () => Promise<string>

/** A refusal in words to show as they are: the provider's message, or one of portal-spec.md §8. */
export class PaymentFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentFailure'
  }
}

export interface CardFormProps {
  /** The intent's client secret, which confirms it. */
  clientSecret: string
  /** The Pay button's words, with the price. */
  payLabel: string
  /** A confirmation is under way: the button reads "Paying..." and takes no second press. */
  busy: boolean
  /** Paying is not possible now (offline). */
  disabled: boolean
  onPay: (confirm: ConfirmCard) => void
  /** Take the focus when shown (the form appears after the clerk's Try again). */
  focusFirst?: boolean
}

/** Loads Stripe.js for a publishable key (the seam where component tests put a stand-in). */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>

/**
 * Stripe.js from `@stripe/stripe-js/pure`, imported only when the dialog opens in Stripe mode: it
 * stays out of the main bundle, and Stripe's script is fetched only when it is called.
 */
export const loadStripeJs: StripeLoader = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure')
  return loadStripe(publishableKey)
}
