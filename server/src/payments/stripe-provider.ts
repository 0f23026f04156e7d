// Real PaymentIntents through Stripe's SDK, and Stripe's signed events checked with the endpoint's
// signing secret (STRIPE_WEBHOOK_SECRET). Nothing here reaches the network but createIntent.
import Stripe from 'stripe'
import type { PaymentsSetting } from '../config.ts'
import { HttpError } from '../http-error.ts'
import { PAYMENT_SERVER_MESSAGES as M } from './messages.ts'
import type { PaymentProvider } from './payment-provider.ts'

/**
 * Retries of a failed create call (network errors, 5xx, and the 409 Stripe answers while another
 * request with the same idempotency key is still running: two taps at once then get the same intent).
 */
const NETWORK_RETRIES = 3

export function createStripeProvider(setting: Extract<PaymentsSetting, { mode: 'stripe' }>, options: Stripe.StripeConfig = {}): PaymentProvider & { readonly mode: 'stripe' } {
  const stripe = new Stripe(setting.secretKey, { maxNetworkRetries: NETWORK_RETRIES, ...options })
  return {
    mode: 'stripe',
    async createIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents
        .create(
          // Card only: the portal confirms with Stripe.js's card element (confirmCardPayment).
          { amount: amountCents, currency, metadata, allowed_payment_method_types: ['card'] },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          // Stripe down, unreachable or busy (after the SDK's retries): the clerk is told so, as 502,
          // rather than a 500 that reads like our fault. A refused key stays a 500 (the log names it).
          if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
            throw new HttpError(502, M.providerUnavailable)
          }
          throw error
        })
      if (!intent.client_secret) throw new Error(`Stripe answered the payment intent ${intent.id} without a client secret`)
      return { id: intent.id, clientSecret: intent.client_secret }
    },
    async verifyEvent(rawBody, signatureHeader) {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', setting.webhookSecret)
    },
  }
}
