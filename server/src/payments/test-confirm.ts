// POST /payments/test/confirm: the test-mode provider's stand-in for Stripe.js and Stripe's confirm.
// A card Stripe would refuse is refused with Stripe's words and changes nothing. A card that pays marks
// the intent paid and sends Stripe's `payment_intent.succeeded` event, signed, to the server's own
// webhook: test mode credits through the same path as Stripe, signature check included.
import { randomBytes } from 'node:crypto'
import type { TestConfirmBody, TestConfirmResponse } from '@contract/payments.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { testPaymentIntentsRepository, type TestPaymentIntentRow } from '../repositories/test-payment-intents-repository.ts'
import { PAYMENT_SERVER_MESSAGES as M } from './messages.ts'
import { loadStripe } from './stripe-sdk.ts'
import { cardRefusal } from './test-cards.ts'

export interface TestConfirmDeps {
  db: Db
  webhookSecret: string
  /** Posts a signed event to the webhook; answers the webhook's status code. */
  deliver: (payload: string, signatureHeader: string) => Promise<number>
}

export async function confirmTestPayment(deps: TestConfirmDeps, body: TestConfirmBody): Promise<TestConfirmResponse> {
  const { db } = deps
  const intent = await testPaymentIntentsRepository.findByClientSecret(db, body.client_secret)
  if (!intent) throw new HttpError(404, M.paymentNotFound)
  if (intent.status === 'succeeded') {
    // Paid before: a confirm whose answer was lost, or one cut short after the intent was marked paid.
    // Its event goes again, so the credit is certain (the ledger credits a payment once however often
    // its event comes), and then the clerk is told it is paid, as Stripe refuses a second confirm.
    await deliverSucceeded(deps, intent)
    throw new HttpError(409, M.alreadyPaid)
  }
  const refusal = cardRefusal({ number: body.card_number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc })
  if (refusal) throw new HttpError(402, refusal, 'card_declined')
  // Two confirms at once: one marks it paid, the other is told it is paid already.
  if (!(await testPaymentIntentsRepository.markSucceeded(db, intent.id))) throw new HttpError(409, M.alreadyPaid)
  try {
    await deliverSucceeded(deps, intent)
  } catch (error) {
    // Nothing was credited: the intent goes back to unpaid so the clerk can try again (a second
    // delivery could not credit twice anyway: the ledger keys the credit by the intent's id).
    await testPaymentIntentsRepository.markUnpaid(db, intent.id)
    throw error
  }
  return { id: intent.id, status: 'succeeded' }
}

/** Sends the intent's `payment_intent.succeeded` event, signed, to the webhook; throws unless it answers 2xx. */
async function deliverSucceeded({ webhookSecret, deliver }: TestConfirmDeps, intent: TestPaymentIntentRow): Promise<void> {
  const Stripe = await loadStripe()
  const payload = JSON.stringify(succeededEvent(intent, Stripe.API_VERSION))
  const status = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))
  if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status} to the test payment ${intent.id}'s event`)
}

/** Stripe's event for a paid intent, with the fields the webhook and the portal read. */
function succeededEvent(intent: TestPaymentIntentRow, apiVersion: string) {
  const created = Math.floor(Date.now() / 1000)
  return {
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: apiVersion,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: intent.idempotencyKey },
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        amount_received: intent.amountCents,
        currency: intent.currency,
        metadata: intent.metadata,
        status: 'succeeded',
        payment_method_types: ['card'],
        created: Math.floor(intent.createdAt.getTime() / 1000),
        livemode: false,
      },
    },
  }
}
