// The test-mode provider's confirm (POST /api/payments/test/confirm): Stripe's published test cards
// with Stripe's words; a paying card credits through the webhook (the event signed and delivered
// through the app), a refused one changes nothing. Then the clerk's payment status.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { paymentRequests, testPaymentIntents } from '../../src/db/schema.ts'
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts'
import { balanceOf, confirmCard, createIntent, payingClerk, planIds, receiptsTo, rechargesOf, type PayingClerk } from './support.ts'

describe('test-mode card payments', () => {
  let t: TestApp
  let plans: Record<string, number>
  beforeAll(async () => {
    t = await createTestApp()
    plans = await planIds(t)
  })
  afterAll(() => t.app.close())

  const statusOf = (clerk: PayingClerk, intentId: string) =>
    t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.paymentStatus}/${intentId}`, headers: bearer(clerk.token) })
  const intentStatus = async (id: string) => (await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!.status

  it('says it is in test mode', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.config}` })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ mode: 'test' })
  })

  it('pays with 4242 4242 4242 4242: the plan’s credits are added once, the status says so, a second confirm is refused', async () => {
    const clerk = await payingClerk(t, 'penny.paid@example.com')
    const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Standard })).json()
    expect((await statusOf(clerk, intent.payment_intent_id)).json()).toEqual({ credited: false })

    const paid = await confirmCard(t, intent.clientSecret, { number: '4242 4242 4242 4242', month: 12, year: (new Date().getUTCFullYear() + 3) % 100, cvc: '123' })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toEqual({ id: intent.payment_intent_id, status: 'succeeded' })
    // Credited by the time the confirm answers: it waits for the webhook.
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
    expect(await rechargesOf(t, clerk.userId)).toEqual([{ amountCents: 50_00, reason: 'Standard plan', externalReference: intent.payment_intent_id, paidCents: 50_00, paidCurrency: 'gbp' }])
    expect((await statusOf(clerk, intent.payment_intent_id)).json()).toEqual({ credited: true })
    await expect.poll(() => receiptsTo(t, clerk.email).length).toBe(1)

    const again = await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: 'This payment has already been made. Your credits have been added; nothing more was charged.', code: 'conflict' })
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
  })

  it('pays with the other published test cards, an American Express one with its 4-digit code', async () => {
    const clerk = await payingClerk(t, 'brand.new@example.com')
    const cards = [
      { number: '5555 5555 5555 4444', cvc: '123' },
      { number: '4000 0566 5566 5556', cvc: '123' },
      { number: '3782 822463 10005', cvc: '1234' },
    ]
    let expected = 0
    for (const card of cards) {
      const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
      const paid = await confirmCard(t, intent.clientSecret, card)
      expect(paid.statusCode).toBe(200)
      expected += 20_00
      expect(await balanceOf(t, clerk.userId)).toBe(expected)
      // The next purchase of the same plan is a new payment, not this one again.
      await t.database.db.update(paymentRequests).set({ requestedAt: sql`${paymentRequests.requestedAt} - interval '1 minute'` }).where(eq(paymentRequests.userId, clerk.userId))
    }
  })

  it('refuses each declining card and bad detail with Stripe’s words (402) and changes nothing', async () => {
    const clerk = await payingClerk(t, 'dora.declined@example.com')
    const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Standard })).json()
    const refusals: [Parameters<typeof confirmCard>[2], string][] = [
      [{ number: '4000 0000 0000 0002' }, 'Your card was declined.'],
      [{ number: '4000 0000 0000 9995' }, 'Your card has insufficient funds.'],
      [{ number: '4000 0000 0000 9987' }, 'Your card was declined.'],
      [{ number: '4000 0000 0000 9979' }, 'Your card was declined.'],
      [{ number: '4000 0000 0000 0069' }, 'Your card has expired.'],
      [{ number: '4000 0000 0000 0127' }, "Your card's security code is incorrect."],
      [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ number: '4242 4242 abcd 4242' }, 'Your card number is invalid.'],
      [{ number: '4242 4242 4242 4242', month: 1, year: 2020 }, "Your card's expiration date is in the past."],
      [{ number: '4242 4242 4242 4242', month: 13 }, "Your card's expiration month is invalid."],
      [{ number: '4242 4242 4242 4242', cvc: '12' }, "Your card's security code is invalid."],
      [{ number: '4242 4242 4242 4242', cvc: '1234' }, "Your card's security code is invalid."],
      [{ number: '3782 822463 10005', cvc: '123' }, "Your card's security code is invalid."],
      // A real card's number (it passes Luhn): Stripe's test mode refuses it.
      [{ number: '4111 1111 1111 1111' }, 'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.'],
    ]
    for (const [card, message] of refusals) {
      const answer = await confirmCard(t, intent.clientSecret, card)
      expect(answer.statusCode, card.number).toBe(402)
      expect(answer.json()).toEqual({ detail: message, code: 'card_declined' })
    }
    expect(await intentStatus(intent.payment_intent_id)).toBe('requires_payment_method')
    expect(await balanceOf(t, clerk.userId)).toBe(0)
    expect(await rechargesOf(t, clerk.userId)).toEqual([])
    expect((await statusOf(clerk, intent.payment_intent_id)).json()).toEqual({ credited: false })
    // The same intent can still be paid with a good card afterwards.
    expect((await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(50_00)
  })

  it('pays two confirms at once once', async () => {
    const clerk = await payingClerk(t, 'twice.tapped@example.com')
    const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirmCard(t, intent.clientSecret, { number: '4242424242424242' })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
  })

  it('credits an intent marked paid whose event never went (a confirm cut short) at the next confirm, once', async () => {
    const clerk = await payingClerk(t, 'cut.short@example.com')
    const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    // The process stopped between marking the intent paid and delivering its event.
    await t.database.db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, intent.payment_intent_id))
    expect(await balanceOf(t, clerk.userId)).toBe(0)

    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ detail: 'This payment has already been made. Your credits have been added; nothing more was charged.', code: 'conflict' })
      expect(await balanceOf(t, clerk.userId)).toBe(20_00)
    }
    expect(await rechargesOf(t, clerk.userId)).toHaveLength(1)
  })

  it('makes a new intent for the same plan bought again within 5 s of a paid one', async () => {
    const clerk = await payingClerk(t, 'quick.again@example.com')
    const first = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    expect((await confirmCard(t, first.clientSecret, { number: '4242424242424242' })).statusCode).toBe(200)
    // At once (well within the 5 s window), twice: both get one new intent, which pays.
    const [second, secondAgain] = await Promise.all([createIntent(t, clerk, { recharge_plan_id: plans.Starter }), createIntent(t, clerk, { recharge_plan_id: plans.Starter })])
    expect(second.json().payment_intent_id).not.toBe(first.payment_intent_id)
    expect(secondAgain.json().payment_intent_id).toBe(second.json().payment_intent_id)
    expect((await confirmCard(t, second.json().clientSecret, { number: '4242424242424242' })).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(40_00)
  })

  it('leaves the intent unpaid when its event is not accepted, so the clerk can pay again', async () => {
    const clerk = await payingClerk(t, 'wendy.webhook@example.com')
    const intent = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    const { payments } = t.app
    const verifyEvent = payments.verifyEvent
    // The webhook refuses the event (as it would with a secret the processes disagree on).
    payments.verifyEvent = () => {
      throw new Error('No signatures found matching the expected signature for payload')
    }
    try {
      const failed = await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })
      expect(failed.statusCode).toBe(500)
      expect(failed.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.', code: 'server_error' })
    } finally {
      payments.verifyEvent = verifyEvent
    }
    expect(await intentStatus(intent.payment_intent_id)).toBe('requires_payment_method')
    expect(await balanceOf(t, clerk.userId)).toBe(0)
    expect((await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })).statusCode).toBe(200)
    expect(await balanceOf(t, clerk.userId)).toBe(20_00)
  })

  it('answers 404 to an unknown client secret', async () => {
    const answer = await confirmCard(t, 'pi_test_nothing_secret_nothing', { number: '4242424242424242' })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual({ detail: 'This payment was not found. Please start the payment again.', code: 'not_found' })
  })

  it('tells a clerk nothing of another clerk’s payment', async () => {
    const owner = await payingClerk(t, 'owen.owner@example.com')
    const intent = (await createIntent(t, owner, { recharge_plan_id: plans.Starter })).json()
    expect((await confirmCard(t, intent.clientSecret, { number: '4242424242424242' })).statusCode).toBe(200)
    const other = await payingClerk(t, 'nosy.neighbour@example.com')
    expect((await statusOf(owner, intent.payment_intent_id)).json()).toEqual({ credited: true })
    expect((await statusOf(other, intent.payment_intent_id)).json()).toEqual({ credited: false })
    expect((await statusOf(other, 'pi_test_unknown')).json()).toEqual({ credited: false })
    expect((await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.paymentStatus}/${intent.payment_intent_id}` })).statusCode).toBe(403)
  })
})
