// The test-mode provider (decisions.md, Payments): the embedded default without Stripe keys. Intents
// live in test_payment_intents with Stripe's id shapes, and events are signed with a webhook secret
// this deployment generated once and keeps in the database (like the generated JWT secret), so every
// server process signs and checks with the same one. Events are checked by Stripe's own SDK.
import { randomBytes } from 'node:crypto'
import { randomToken } from '../auth/tokens.ts'
import type { Db } from '../db/database.ts'
import { appSecretsRepository } from '../repositories/app-secrets-repository.ts'
import { testPaymentIntentsRepository } from '../repositories/test-payment-intents-repository.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { loadStripe } from './stripe-sdk.ts'

export interface TestPaymentProvider extends PaymentProvider {
  readonly mode: 'test'
  /** Signs the events the test-mode confirm delivers to the webhook. */
  readonly webhookSecret: string
}

const WEBHOOK_SECRET_NAME = 'test-payments-webhook'

/** Stripe's ids are a prefix and random letters and digits. */
const randomId = (bytes: number) => randomBytes(bytes).toString('hex')

export async function createTestProvider(db: Db): Promise<TestPaymentProvider> {
  const webhookSecret = await resolveTestWebhookSecret(db)
  return {
    mode: 'test',
    webhookSecret,
    async createIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const id = `pi_test_${randomId(12)}`
      const intent = await testPaymentIntentsRepository.createOnce(db, {
        id,
        clientSecret: `${id}_secret_${randomId(12)}`,
        amountCents,
        currency,
        metadata,
        idempotencyKey,
      })
      // As Stripe does, a key already used for another request is refused rather than answering the wrong intent.
      if (intent.amountCents !== amountCents || intent.currency !== currency) {
        throw new Error(`idempotency key ${idempotencyKey} was used for another payment (${intent.id})`)
      }
      return { id: intent.id, clientSecret: intent.clientSecret }
    },
    async verifyEvent(rawBody, signatureHeader) {
      const Stripe = await loadStripe()
      return Stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', webhookSecret)
    },
  }
}

/** The secret this deployment generated on its first start, kept in the database. */
async function resolveTestWebhookSecret(db: Db): Promise<string> {
  const secret = await appSecretsRepository.keepFirst(db, WEBHOOK_SECRET_NAME, `whsec_${randomToken()}`)
  if (!secret) throw new Error('could not store the generated test-mode webhook secret')
  return secret
}
