// POST /api/payments/test/confirm: registered only in test mode (elsewhere the path does not exist).
// No session, as with Stripe's own confirm: the intent's client secret is what allows it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PAYMENT_PATHS, TestConfirmBody, TestConfirmResponse } from '@contract/payments.ts'
import { confirmTestPayment } from '../payments/test-confirm.ts'
import type { TestPaymentProvider } from '../payments/test-provider.ts'

export const testPaymentRoutes: FastifyPluginAsyncTypebox<{ provider: TestPaymentProvider }> = async (app, { provider }) => {
  // The event goes through the whole app, as Stripe's would arrive: parsing, signature, ledger.
  const deliver = async (payload: string, signatureHeader: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api${PAYMENT_PATHS.webhook}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader },
      payload,
    })
    return answer.statusCode
  }

  app.post(PAYMENT_PATHS.testConfirm, { schema: { body: TestConfirmBody, response: { 200: TestConfirmResponse } } }, async (request) =>
    confirmTestPayment({ db: app.database.db, webhookSecret: provider.webhookSecret, deliver }, request.body),
  )
}
