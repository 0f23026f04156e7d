// POST /api/stripe/create-payment-intent (test mode): the price is the server's (the plan's, or the
// default payment's), never the client's; identical requests within 5 s answer the same intent.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { paymentRequests, rechargePlans, testPaymentIntents } from '../../src/db/schema.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { createIntent, payingClerk, planIds } from './support.ts'

describe('create-payment-intent', () => {
  let t: TestApp
  let plans: Record<string, number>
  beforeAll(async () => {
    t = await createTestApp()
    plans = await planIds(t)
  })
  afterAll(() => t.app.close())

  const storedIntent = async (id: string) => (await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]

  it('prices a plan from the database and puts the clerk and plan in the intent’s metadata', async () => {
    const clerk = await payingClerk(t, 'paula.plan@example.com')
    const answer = await createIntent(t, clerk, { recharge_plan_id: plans.Standard })
    expect(answer.statusCode).toBe(200)
    const body = answer.json()
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_test_[0-9a-f]{24}_secret_[0-9a-f]{24}$/), payment_intent_id: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/), amount: 50, currency: 'gbp', credits: 50 })
    expect(body.clientSecret.startsWith(`${body.payment_intent_id}_secret_`)).toBe(true)
    expect(await storedIntent(body.payment_intent_id)).toMatchObject({
      amountCents: 50_00,
      currency: 'gbp',
      status: 'requires_payment_method',
      metadata: { user_id: clerk.userId, recharge_plan_id: String(plans.Standard), credit_cents: '5000', remarks: 'Standard plan' },
    })
  })

  it('never takes the amount from the client: a price sent with a plan is ignored, another default amount refused', async () => {
    const clerk = await payingClerk(t, 'cheap.charlie@example.com')
    // The plan's price is charged whatever amount comes with it.
    const withAmount = await createIntent(t, clerk, { recharge_plan_id: plans.Agency, amount: 1 })
    expect(withAmount.statusCode).toBe(200)
    expect(withAmount.json()).toMatchObject({ amount: 250, credits: 250 })
    expect(await storedIntent(withAmount.json().payment_intent_id)).toMatchObject({ amountCents: 250_00, metadata: { credit_cents: '25000' } })
    // A field the contract does not have (a price, credits) is dropped before the route sees it.
    const withPrice = await createIntent(t, clerk, { recharge_plan_id: plans.Agency, price: 1, price_cents: 100, credits: 1000 })
    expect(withPrice.statusCode).toBe(200)
    expect(withPrice.json()).toMatchObject({ amount: 250, credits: 250 })
    expect(await storedIntent(withPrice.json().payment_intent_id)).toMatchObject({ amountCents: 250_00, metadata: { credit_cents: '25000' } })
    // Without a plan: the default of 50 credits for £50, and an amount sent must be exactly that.
    for (const amount of [0, -50, 49.99, 500, 1]) {
      const refused = await createIntent(t, clerk, { amount })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: 'Invalid payment amount.', code: 'invalid_input' })
    }
    for (const payload of [{}, { amount: 50 }, { recharge_plan_id: null, amount: 50 }]) {
      const answer = await createIntent(t, clerk, payload)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({ amount: 50, currency: 'gbp', credits: 50 })
      expect(await storedIntent(answer.json().payment_intent_id)).toMatchObject({ amountCents: 50_00, metadata: { user_id: clerk.userId, recharge_plan_id: '', credit_cents: '5000', remarks: '50 credits' } })
    }
  })

  it('refuses a plan that is not offered, and a caller without a session', async () => {
    const clerk = await payingClerk(t, 'una.unknown@example.com')
    const unknown = await createIntent(t, clerk, { recharge_plan_id: 9999 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'The recharge plan 9999 is not offered. Please choose one of the plans shown.', code: 'not_found' })
    await t.database.db.update(rechargePlans).set({ active: false }).where(eq(rechargePlans.name, 'Agency'))
    try {
      expect((await createIntent(t, clerk, { recharge_plan_id: plans.Agency })).statusCode).toBe(404)
    } finally {
      await t.database.db.update(rechargePlans).set({ active: true }).where(eq(rechargePlans.name, 'Agency'))
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/api${PAYMENT_PATHS.createIntent}`, payload: { recharge_plan_id: plans.Standard } })
    expect(anonymous.statusCode).toBe(403)
    expect(anonymous.json().code).toBe('session_ended')
  })

  it('refuses to charge a plan priced in a currency without 2 decimals (it would be charged 100 times over)', async () => {
    const clerk = await payingClerk(t, 'yen.plan@example.com')
    const [plan] = await t.database.db.insert(rechargePlans).values({ name: 'Tokyo', creditValueCents: 10_00, priceCents: 1_000_00, currency: 'JPY' }).returning()
    try {
      const answer = await createIntent(t, clerk, { recharge_plan_id: plan!.id })
      expect(answer.statusCode).toBe(500)
      expect(await t.database.db.select().from(testPaymentIntents).where(sql`${testPaymentIntents.metadata}->>'user_id' = ${clerk.userId}`)).toEqual([])
    } finally {
      await t.database.db.delete(rechargePlans).where(eq(rechargePlans.id, plan!.id))
    }
  })

  it('answers identical requests within 5 s with the same intent, one after another and at once', async () => {
    const clerk = await payingClerk(t, 'double.tap@example.com')
    const first = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    const again = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    expect(again).toEqual(first)

    const atOnce = await Promise.all(Array.from({ length: 6 }, () => createIntent(t, clerk, { recharge_plan_id: plans.Professional })))
    const ids = new Set(atOnce.map((answer) => answer.json().payment_intent_id))
    expect(ids.size).toBe(1)
    expect(ids.has(first.payment_intent_id)).toBe(false)
    const defaults = await Promise.all(Array.from({ length: 4 }, () => createIntent(t, clerk, { amount: 50 })))
    expect(new Set(defaults.map((answer) => answer.json().payment_intent_id)).size).toBe(1)

    // Another plan is another intent; so is the same plan for another clerk.
    const otherPlan = (await createIntent(t, clerk, { recharge_plan_id: plans.Standard })).json()
    expect(otherPlan.payment_intent_id).not.toBe(first.payment_intent_id)
    const otherClerk = await payingClerk(t, 'second.clerk@example.com')
    expect((await createIntent(t, otherClerk, { recharge_plan_id: plans.Starter })).json().payment_intent_id).not.toBe(first.payment_intent_id)
  })

  it('makes a new intent once the 5 s are over', async () => {
    const clerk = await payingClerk(t, 'later.larry@example.com')
    const first = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    // Time moves in the database, not in the test: the request is made 6 s old.
    await t.database.db
      .update(paymentRequests)
      .set({ requestedAt: sql`${paymentRequests.requestedAt} - interval '6 seconds'` })
      .where(eq(paymentRequests.userId, clerk.userId))
    const later = (await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json()
    expect(later.payment_intent_id).not.toBe(first.payment_intent_id)
    // ...and that new one is the answer for the next 5 s.
    expect((await createIntent(t, clerk, { recharge_plan_id: plans.Starter })).json().payment_intent_id).toBe(later.payment_intent_id)
  })
})
