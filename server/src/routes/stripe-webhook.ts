// POST /api/stripe/webhook: the payment provider's signed events (Stripe's, or the test-mode
// provider's). No session: the signature over the raw body is the proof. The body is kept as the
// bytes that arrived (this plugin's own JSON parser), since re-serialised JSON would not match it.
import type { FastifyPluginAsync } from 'fastify'
import type Stripe from 'stripe'
import { HttpError } from '../http-error.ts'
import { handlePaymentEvent } from '../payments/handle-event.ts'
import { readPaymentEvent } from '../payments/payment-event.ts'
import { PAYMENT_SERVER_MESSAGES as M } from '../payments/messages.ts'
import { queueReceipt } from '../payments/payment-receipt.ts'

export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Only in this plugin's scope: every other route keeps the app's JSON parsing.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  const receipt = queueReceipt(app)

  app.post('/webhook', async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = request.headers['stripe-signature']
    let event: Stripe.Event
    try {
      event = await app.payments.verifyEvent(rawBody, typeof signature === 'string' ? signature : undefined)
    } catch (error) {
      request.log.warn({ err: error }, 'payment event refused: its signature does not match its body')
      throw new HttpError(400, M.signatureInvalid, 'signature_invalid')
    }
    const credited = await handlePaymentEvent(app.database.db, readPaymentEvent(event), request.log, receipt)
    // The receipt was written with the credit; sent without the answer waiting (the app's close waits for it).
    if (credited) void app.outbox.drain()
    return { received: true }
  })
}
