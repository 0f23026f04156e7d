// Card payments (portal-spec.md §7; issue 13): which provider takes cards, a payment intent priced by
// the server, and whether a payment has been credited. The rules are in payments/; the webhook is
// stripe-webhook.ts and the test-mode confirm test-payments.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { Text } from '@contract/input-rules.ts'
import { CreatePaymentIntentBody, CreatePaymentIntentResponse, PAYMENT_PATHS, PaymentsConfig, PaymentStatus } from '@contract/payments.ts'
import { createPaymentIntent } from '../payments/create-intent.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'

const PaymentStatusParams = Type.Object({ paymentIntentId: Text({ minLength: 1, maxLength: 255 }) })

export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database

  // Public, like the publishable key itself (it is made to be in every browser that pays).
  app.get(PAYMENT_PATHS.config, { schema: { response: { 200: PaymentsConfig } } }, async () =>
    app.config.payments.mode === 'stripe' ? { mode: 'stripe' as const, publishable_key: app.config.payments.publishableKey } : { mode: 'test' as const },
  )

  app.post(
    PAYMENT_PATHS.createIntent,
    { preHandler: app.authenticate, schema: { body: CreatePaymentIntentBody, response: { 200: CreatePaymentIntentResponse } } },
    async (request) => createPaymentIntent(db, app.payments, request.clerk!.userId, request.body),
  )

  // The clerk's own payment only: another clerk's, or an unknown one, reads as not credited (yet).
  app.get(
    `${PAYMENT_PATHS.paymentStatus}/:paymentIntentId`,
    { preHandler: app.authenticate, schema: { params: PaymentStatusParams, response: { 200: PaymentStatus } } },
    async (request) => {
      const entry = await creditsRepository.findByExternalReference(db, request.params.paymentIntentId)
      return { credited: entry !== undefined && entry.userId === request.clerk!.userId }
    },
  )
}
