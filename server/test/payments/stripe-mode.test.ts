// With Stripe keys configured: the publishable key reaches the portal at run time, the webhook checks
// Stripe's signatures with STRIPE_WEBHOOK_SECRET (no network needed), the test-mode confirm does not
// exist, and the Content-Security-Policy lets Stripe.js in. The create call is checked against a local
// HTTP server standing in for api.stripe.com: what the SDK sends, and its retry of Stripe's 409.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { createStripeProvider } from '../../src/payments/stripe-provider.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { balanceOf, confirmCard, deliverEvent, intentEvent, payingClerk, rechargesOf } from './support.ts'

const STRIPE = { mode: 'stripe', secretKey: 'sk_test_inspectscribe', publishableKey: 'pk_test_inspectscribe', webhookSecret: 'whsec_inspectscribe_test' } as const

describe('payments with Stripe keys', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ payments: STRIPE })
  })
  afterAll(() => t.app.close())

  it('gives the portal the publishable key, and lets Stripe.js in through the CSP', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.config}` })
    expect(answer.json()).toEqual({ mode: 'stripe', publishable_key: 'pk_test_inspectscribe' })
    const csp = String(answer.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;")
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;")
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;")
  })

  it('credits an event signed with STRIPE_WEBHOOK_SECRET once, and refuses one signed otherwise', async () => {
    const clerk = await payingClerk(t, 'stella.stripe@example.com')
    const event = intentEvent('payment_intent.succeeded', { intentId: 'pi_3StripeStella', userId: clerk.userId, creditCents: 100_00, amountCents: 100_00, remarks: 'Professional plan' })
    const refused = await deliverEvent(t, event, { secret: 'whsec_someone_else' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: 'The event’s signature does not match its body.', code: 'signature_invalid' })
    expect(await balanceOf(t, clerk.userId)).toBe(0)

    for (let i = 0; i < 3; i++) expect((await deliverEvent(t, event, { secret: STRIPE.webhookSecret })).json()).toEqual({ received: true })
    expect(await rechargesOf(t, clerk.userId)).toEqual([{ amountCents: 100_00, reason: 'Professional plan', externalReference: 'pi_3StripeStella', paidCents: 100_00, paidCurrency: 'gbp' }])
  })

  it('has no test-mode confirm', async () => {
    const answer = await confirmCard(t, 'pi_3x_secret_y', { number: '4242424242424242' })
    expect(answer.statusCode).toBe(404)
  })
})

describe('the test-mode CSP', () => {
  it('keeps Stripe.js out when no Stripe keys are set', async () => {
    const t = await createTestApp()
    try {
      const answer = await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.config}` })
      expect(answer.json()).toEqual({ mode: 'test' })
      expect(String(answer.headers['content-security-policy'])).not.toContain('stripe.com')
    } finally {
      await t.app.close()
    }
  })
})

describe('the Stripe provider’s create call', () => {
  const received: { headers: IncomingMessage['headers']; body: URLSearchParams }[] = []
  let server: Server
  let port: number
  beforeAll(async () => {
    // Like Stripe: the first request with a key still running answers 409; once done, the same intent.
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ headers: request.headers, body: new URLSearchParams(body) })
        response.setHeader('content-type', 'application/json')
        if (received.length === 1) {
          response.statusCode = 409
          response.end(JSON.stringify({ error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' } }))
          return
        }
        response.end(JSON.stringify({ id: 'pi_3Local', object: 'payment_intent', client_secret: 'pi_3Local_secret_abc', amount: 5000, currency: 'gbp', status: 'requires_payment_method' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends the amount, currency, card only, metadata and the idempotency key, and retries Stripe’s 409', async () => {
    const provider = createStripeProvider(STRIPE, { host: '127.0.0.1', port, protocol: 'http' })
    const intent = await provider.createIntent({ amountCents: 50_00, currency: 'gbp', metadata: { user_id: 'u-1', credit_cents: '5000' }, idempotencyKey: 'key-123' })
    expect(intent).toEqual({ id: 'pi_3Local', clientSecret: 'pi_3Local_secret_abc' })
    expect(received).toHaveLength(2)
    for (const { headers, body } of received) {
      expect(headers['idempotency-key']).toBe('key-123')
      expect(headers.authorization).toBe('Bearer sk_test_inspectscribe')
      expect(Object.fromEntries(body)).toEqual({
        amount: '5000',
        currency: 'gbp',
        'allowed_payment_method_types[0]': 'card',
        'metadata[user_id]': 'u-1',
        'metadata[credit_cents]': '5000',
      })
    }
  })

  it('answers 502 with the clerk’s words when Stripe cannot be reached', async () => {
    // A port nothing listens on any more: the connection is refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const provider = createStripeProvider(STRIPE, { host: '127.0.0.1', port: closedPort, protocol: 'http', maxNetworkRetries: 0 })
    const refusal = await provider.createIntent({ amountCents: 50_00, currency: 'gbp', metadata: {}, idempotencyKey: 'key-down' }).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ statusCode: 502, detail: 'The card provider could not be reached. Please try again in a moment.' })
  })
})
