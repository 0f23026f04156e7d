// What the payment tests share: a clerk, the payment calls through app.inject, and Stripe events
// signed the way Stripe signs them (the SDK's own test header helper).
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { creditEntries } from '../../src/db/schema.ts'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { bearer, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'

export interface PayingClerk {
  userId: string
  token: string
  email: string
}

export async function payingClerk(t: TestApp, email: string): Promise<PayingClerk> {
  await signUpClerk(t, email)
  const userId = (await usersRepository.findByEmail(t.database.db, email))!.id
  return { userId, token: (await signIn(t, email)).token, email }
}

/** The seeded recharge plans' ids by name (Starter, Standard, Professional, Agency). */
export async function planIds(t: TestApp): Promise<Record<string, number>> {
  return Object.fromEntries((await lookupsRepository.rechargePlans(t.database.db)).map((plan) => [plan.name, plan.id]))
}

export const createIntent = (t: TestApp, clerk: PayingClerk, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${PAYMENT_PATHS.createIntent}`, headers: bearer(clerk.token), payload })

export const confirmCard = (t: TestApp, clientSecret: string, card: { number: string; month?: number; year?: number; cvc?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api${PAYMENT_PATHS.testConfirm}`,
    payload: { client_secret: clientSecret, card_number: card.number, exp_month: card.month ?? 12, exp_year: card.year ?? new Date().getUTCFullYear() + 5, cvc: card.cvc ?? '123' },
  })

/** The webhook secret the app checks events with: test mode's generated one, or STRIPE_WEBHOOK_SECRET. */
export function webhookSecretOf(t: TestApp): string {
  const { payments } = t.app
  if (payments.mode === 'test') return payments.webhookSecret
  if (t.app.config.payments.mode !== 'stripe') throw new Error('no webhook secret')
  return t.app.config.payments.webhookSecret
}

export interface IntentFields {
  intentId: string
  userId: string
  creditCents: number
  amountCents: number
  remarks?: string
  planId?: number | null
  /** What the provider says was received; the intent's amount unless given. */
  receivedCents?: number
  /** The price the server wrote into the metadata when it created the intent; the intent's amount unless given (null: left out). */
  priceCents?: number | null
}

/** A Stripe event about an intent carrying our purchase metadata. */
export function intentEvent(type: string, fields: IntentFields, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: fields.intentId,
        object: 'payment_intent',
        amount: fields.amountCents,
        amount_received: type === 'payment_intent.succeeded' ? (fields.receivedCents ?? fields.amountCents) : 0,
        currency: 'gbp',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: {
          user_id: fields.userId,
          recharge_plan_id: fields.planId === undefined || fields.planId === null ? '' : String(fields.planId),
          credit_cents: String(fields.creditCents),
          remarks: fields.remarks ?? 'Standard plan',
          ...(fields.priceCents !== null && { price_cents: String(fields.priceCents ?? fields.amountCents), currency: 'gbp' }),
        },
      },
    },
  }
}

/** Posts `event` to the webhook, signed with `secret` (or with the header given instead). */
export function deliverEvent(t: TestApp, event: object | string, options: { secret?: string; header?: string | null } = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event)
  const header = options.header === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecretOf(t) }) : options.header
  return t.app.inject({
    method: 'POST',
    url: `/api${PAYMENT_PATHS.webhook}`,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
    payload,
  })
}

export const balanceOf = (t: TestApp, userId: string) => creditsRepository.balanceCents(t.database.db, userId)

/** The clerk's recharge rows in the ledger. */
export const rechargesOf = (t: TestApp, userId: string) =>
  t.database.db
    .select({ amountCents: creditEntries.amountCents, reason: creditEntries.reason, externalReference: creditEntries.externalReference, paidCents: creditEntries.paidCents, paidCurrency: creditEntries.paidCurrency })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(creditEntries.id)

/** The receipts e-mailed to `email` so far. */
export const receiptsTo = (t: TestApp, email: string) => t.mail.sent.filter((mail) => mail.to === email && mail.subject.startsWith('Your InspectScribe receipt'))
