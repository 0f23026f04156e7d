// POST /api/stripe/webhook in test mode (the embedded default): events signed with the deployment's
// generated webhook secret by Stripe's own test header helper. Only a verified payment_intent.succeeded
// credits, once per payment however often and however concurrently it arrives.
import { and, eq, like } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMails, users } from '../../src/db/schema.ts'
import { handlePaymentEvent } from '../../src/payments/handle-event.ts'
import { notificationsRepository } from '../../src/repositories/notifications-repository.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { balanceOf, deliverEvent, intentEvent, payingClerk, receiptsTo, rechargesOf, webhookSecretOf } from './support.ts'

describe('the payment webhook', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  it('credits a verified payment_intent.succeeded once, records what was paid, and e-mails a receipt', async () => {
    const clerk = await payingClerk(t, 'vera.valid@example.com')
    const fields = { intentId: 'pi_test_vera_1', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00, remarks: 'Standard plan', planId: 2 }
    const answer = await deliverEvent(t, intentEvent('payment_intent.succeeded', fields))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ received: true })
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
    expect(await rechargesOf(t, clerk.userId)).toEqual([{ amountCents: 50_00, reason: 'Standard plan', externalReference: 'pi_test_vera_1', paidCents: 50_00, paidCurrency: 'gbp' }])
    expect((await notificationsRepository.list(t.database.db, clerk.userId)).map((n) => n.message)).toContain('Added 50.00 credits: Standard plan')

    await expect.poll(() => receiptsTo(t, clerk.email).length).toBe(1)
    const [receipt] = receiptsTo(t, clerk.email)
    expect(receipt!.subject).toBe('Your InspectScribe receipt: 50.00 credits added')
    expect(receipt!.text).toMatch(/Receipt number: IS-\d{6}\n\nSeller: InspectScribe\n\nSeller's address not set\n\nVAT number not set\n\nPlan: Standard plan\n/)
    expect(receipt!.text).toContain('Credits added: 50.00\n')
    expect(receipt!.text).toContain('Amount paid: £50.00\n')
    expect(receipt!.text).toMatch(/Date: \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} UTC\n/)
    expect(receipt!.text).toContain('New balance: 50.00 credits\n')
    expect(receipt!.text).toContain('Payment reference: pi_test_vera_1\n')
  })

  it('refuses a tampered body, a signature made with another secret, and a missing one (400), crediting nothing', async () => {
    const clerk = await payingClerk(t, 'tom.tampered@example.com')
    const event = intentEvent('payment_intent.succeeded', { intentId: 'pi_test_tom', userId: clerk.userId, creditCents: 20_00, amountCents: 20_00 })
    const payload = JSON.stringify(event)
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecretOf(t) })
    const attempts = [
      // The credits raised after signing.
      deliverEvent(t, payload.replace('"credit_cents":"2000"', '"credit_cents":"200000"'), { header }),
      // The same JSON with one byte more, as a re-serialised body would differ.
      deliverEvent(t, `${payload} `, { header }),
      deliverEvent(t, event, { secret: 'whsec_not_ours' }),
      deliverEvent(t, event, { header: 't=1,v1=0000' }),
      deliverEvent(t, event, { header: null }),
    ]
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({ detail: 'The event’s signature does not match its body.', code: 'signature_invalid' })
    }
    expect(await balanceOf(t, clerk.userId)).toBe(0)
    expect(await rechargesOf(t, clerk.userId)).toEqual([])
    // The untouched body with its header is accepted: the refusals above were the tampering's.
    expect((await deliverEvent(t, payload, { header })).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
  })

  it('credits an event replayed 10 times, and 10 deliveries at once, once', async () => {
    const clerk = await payingClerk(t, 'rory.replay@example.com')
    const event = intentEvent('payment_intent.succeeded', { intentId: 'pi_test_rory', userId: clerk.userId, creditCents: 20_00, amountCents: 20_00, remarks: 'Starter plan' })
    for (let i = 0; i < 10; i++) expect((await deliverEvent(t, event)).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
    expect(await rechargesOf(t, clerk.userId)).toHaveLength(1)

    const other = intentEvent('payment_intent.succeeded', { intentId: 'pi_test_rory_2', userId: clerk.userId, creditCents: 100_00, amountCents: 100_00, remarks: 'Professional plan' })
    // Each delivery as Stripe makes it: its own signature (timestamp), the same event.
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(t, other)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200))
    expect(await balanceOf(t, clerk.userId)).toBe(120_00)
    expect((await rechargesOf(t, clerk.userId)).map((row) => row.externalReference)).toEqual(['pi_test_rory', 'pi_test_rory_2'])
    // One receipt per payment, not per delivery.
    await expect.poll(() => receiptsTo(t, clerk.email).length).toBe(2)
    expect(receiptsTo(t, clerk.email).map((mail) => mail.subject)).toEqual([
      'Your InspectScribe receipt: 20.00 credits added',
      'Your InspectScribe receipt: 100.00 credits added',
    ])
  })

  it('credits only payment_intent.succeeded, once, whatever order the other events come in', async () => {
    const clerk = await payingClerk(t, 'olive.order@example.com')
    const fields = { intentId: 'pi_test_olive', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00 }
    const failedFirst = { ...fields, intentId: 'pi_test_olive_failed' }
    const events = [
      intentEvent('payment_intent.payment_failed', failedFirst),
      intentEvent('charge.succeeded', fields),
      intentEvent('payment_intent.succeeded', fields),
      intentEvent('payment_intent.created', fields),
      intentEvent('payment_intent.processing', fields),
      intentEvent('payment_intent.payment_failed', fields),
      intentEvent('payment_intent.succeeded', fields),
      intentEvent('customer.created', fields),
    ]
    for (const event of events) {
      const answer = await deliverEvent(t, event)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ received: true })
    }
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
    expect((await rechargesOf(t, clerk.userId)).map((row) => row.externalReference)).toEqual(['pi_test_olive'])
  })

  it('acknowledges and ignores a succeeded intent that is not one of ours', async () => {
    const clerk = await payingClerk(t, 'frank.foreign@example.com')
    const event = intentEvent('payment_intent.succeeded', { intentId: 'pi_test_foreign', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00 })
    for (const metadata of [{}, { user_id: 'not-a-uuid', credit_cents: '5000', recharge_plan_id: '', remarks: 'x' }, { user_id: clerk.userId, credit_cents: '-5000', recharge_plan_id: '', remarks: 'x' }]) {
      const answer = await deliverEvent(t, { ...event, data: { object: { ...event.data.object, metadata } } })
      expect(answer.statusCode).toBe(200)
    }
    expect(await balanceOf(t, clerk.userId)).toBe(0)
  })

  it('acknowledges a payment for an erased clerk (a retry cannot help) and credits nothing', async () => {
    const clerk = await payingClerk(t, 'ernie.erased@example.com')
    await t.database.db.update(users).set({ status: 'deleted' }).where(eq(users.id, clerk.userId))
    const answer = await deliverEvent(t, intentEvent('payment_intent.succeeded', { intentId: 'pi_test_ernie', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00 }))
    expect(answer.statusCode).toBe(200)
    expect(await rechargesOf(t, clerk.userId)).toEqual([])
  })

  it('checks the bytes as they arrived: Stripe’s pretty-printed JSON, as sent, is accepted', async () => {
    const clerk = await payingClerk(t, 'petra.pretty@example.com')
    const pretty = JSON.stringify(intentEvent('payment_intent.succeeded', { intentId: 'pi_test_petra', userId: clerk.userId, creditCents: 20_00, amountCents: 20_00 }), null, 2)
    const answer = await deliverEvent(t, pretty)
    expect(answer.statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
  })

  it('keeps the credit when the receipt cannot be sent, and sends the receipt later', async () => {
    const clerk = await payingClerk(t, 'nora.nomail@example.com')
    const send = t.mail.send
    const attempts: string[] = []
    t.mail.send = async (mail) => {
      attempts.push(mail.to)
      throw new Error('SMTP server unreachable')
    }
    try {
      const answer = await deliverEvent(t, intentEvent('payment_intent.succeeded', { intentId: 'pi_test_nora', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00 }))
      expect(answer.statusCode).toBe(200)
      await expect.poll(() => attempts).toEqual([clerk.email])
    } finally {
      t.mail.send = send
    }
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
    expect(await rechargesOf(t, clerk.userId)).toHaveLength(1)
    // The receipt was written with the credit and stays in the outbox: once its wait has passed, a drain sends it.
    const receiptRow = and(eq(outboxMails.toAddress, clerk.email), like(outboxMails.subject, 'Your InspectScribe receipt%'))
    const outboxRow = async () => (await t.database.db.select().from(outboxMails).where(receiptRow))[0]
    await expect.poll(async () => (await outboxRow())?.lastError).toBe('SMTP server unreachable')
    await t.database.db.update(outboxMails).set({ claimedUntil: new Date(Date.now() - 1000) }).where(receiptRow)
    await t.app.outbox.drain()
    expect(receiptsTo(t, clerk.email).map((mail) => mail.subject)).toEqual(['Your InspectScribe receipt: 50.00 credits added'])
    expect((await outboxRow())?.sentAt).toBeInstanceOf(Date)
  })
})

describe('the payment webhook against odd events and amounts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  it('answers 400, never 500, to a signed event it cannot read: a null body, no data, a null object, a non-numeric amount', async () => {
    const clerk = await payingClerk(t, 'odd.event@example.com')
    const good = intentEvent('payment_intent.succeeded', { intentId: 'pi_test_odd', userId: clerk.userId, creditCents: 20_00, amountCents: 20_00 })
    const { data: _data, ...withoutData } = good
    const odd: [string, unknown][] = [
      ['a null body', null],
      ['no data', withoutData],
      ['data.object null', { ...good, data: { object: null } }],
      ['data null', { ...good, data: null }],
      ['a string body', 'payment'],
      ['a non-numeric amount_received', { ...good, data: { object: { ...good.data.object, amount_received: 'lots' } } }],
      ['a non-numeric amount', { ...good, data: { object: { ...good.data.object, amount: 'lots' } } }],
      ['a fractional amount', { ...good, data: { object: { ...good.data.object, amount_received: 2000.5 } } }],
      ['no currency', { ...good, data: { object: { ...good.data.object, currency: undefined } } }],
      ['no type', { ...good, type: undefined }],
    ]
    for (const [what, event] of odd) {
      const answer = await deliverEvent(t, JSON.stringify(event))
      expect({ what, status: answer.statusCode, body: answer.json() }).toEqual({
        what,
        status: 400,
        body: { detail: 'The event is not a payment event this server can read.', code: 'invalid_input' },
      })
    }
    expect(await balanceOf(t, clerk.userId)).toBe(0)
    // The same event, well formed, credits: the refusals were the odd shapes'.
    expect((await deliverEvent(t, good)).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
  })

  it('credits nothing, and warns, when what was received is not what the intent was created for', async () => {
    const clerk = await payingClerk(t, 'partial.paula@example.com')
    const cases = [
      // Stripe received less than the intent's price.
      { intentId: 'pi_test_partial', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00, receivedCents: 5_00 },
      // The intent's amount changed after the server created it for £50.
      { intentId: 'pi_test_lowered', userId: clerk.userId, creditCents: 50_00, amountCents: 1_00, priceCents: 50_00 },
      // Received more than asked: not the purchase the server priced either.
      { intentId: 'pi_test_more', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00, receivedCents: 60_00 },
      // An intent from before the price was in the metadata: its own amount is what it was created for.
      { intentId: 'pi_test_legacy_partial', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00, receivedCents: 49_99, priceCents: null },
    ]
    for (const fields of cases) {
      const answer = await deliverEvent(t, intentEvent('payment_intent.succeeded', fields))
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ received: true })
    }
    expect(await balanceOf(t, clerk.userId)).toBe(0)
    expect(await rechargesOf(t, clerk.userId)).toEqual([])
    expect(receiptsTo(t, clerk.email)).toEqual([])

    const warnings: unknown[] = []
    const log = { info() {}, error() {}, warn: (fields: unknown, message: string) => warnings.push({ fields, message }) } as unknown as FastifyBaseLogger
    const event = intentEvent('payment_intent.succeeded', cases[0]!) as unknown as Stripe.Event
    expect(await handlePaymentEvent(t.database.db, event, log)).toBeNull()
    expect(warnings).toEqual([
      {
        fields: expect.objectContaining({ intentId: 'pi_test_partial', amountCents: 50_00, receivedCents: 5_00, priceCents: 50_00 }),
        message: 'payment_intent.succeeded not credited: the amount received is not what the intent was created for; it needs a person',
      },
    ])

    // Received in full, an intent without the price in its metadata (made before) credits as before.
    const legacy = { intentId: 'pi_test_legacy', userId: clerk.userId, creditCents: 50_00, amountCents: 50_00, priceCents: null }
    expect((await deliverEvent(t, intentEvent('payment_intent.succeeded', legacy))).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
  })
})
