// Who takes the card: Stripe with its keys, or the test-mode provider of decisions.md (Payments) that
// stands in for Stripe's servers on the embedded default. Both answer in Stripe's shapes, and both
// sign their events the same way, so the webhook and the ledger path are one for either.
import type Stripe from 'stripe'
import type { PaymentsSetting } from '../config.ts'

export interface NewIntent {
  /** In whole hundredths of `currency` (pence for GBP). */
  amountCents: number
  /** ISO 4217, lower case as Stripe writes it ("gbp"). */
  currency: string
  metadata: Record<string, string>
  /** The same key answers the same intent (Stripe's idempotency keys). */
  idempotencyKey: string
}

export interface CreatedIntent {
  id: string
  clientSecret: string
}

export interface PaymentProvider {
  readonly mode: PaymentsSetting['mode']
  createIntent(intent: NewIntent): Promise<CreatedIntent>
  /** The event `rawBody` holds, once its signature header proves it came from the provider; throws otherwise. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<Stripe.Event>
}
