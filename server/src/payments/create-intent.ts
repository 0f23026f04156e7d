// POST /stripe/create-payment-intent: what a clerk is about to pay, priced by the server alone, and
// the provider's intent for it. The price comes from the plan (or the default payment); the client's
// only say is which plan. Identical requests within PAYMENT_INTENT_DEDUPE_SECONDS share one
// idempotency key, so the provider answers them with the same intent (portal-spec.md §9).
import {
  DEFAULT_PAYMENT_CREDITS,
  PAYMENT_INTENT_DEDUPE_SECONDS,
  PAYMENT_MESSAGES,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
} from '@contract/payments.ts'
import { centsToCredits } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { paymentRequestsRepository } from '../repositories/payment-requests-repository.ts'
import { PAYMENT_SERVER_MESSAGES as M } from './messages.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { intentMetadata } from './intent-metadata.ts'

/** The default payment's currency: the plans' (decisions.md, Lookups and prices: one credit per pound). */
const DEFAULT_CURRENCY = 'GBP'

interface Purchase {
  /** "plan:<id>" or "default:<cents>": what makes two requests identical. */
  requestKey: string
  planId: number | null
  /** What the clerk sees beside the entry and on the receipt. */
  remarks: string
  priceCents: number
  currency: string
  creditCents: number
}

/** What the request buys, from the server's own prices. */
async function purchaseFor(db: Db, body: CreatePaymentIntentBody): Promise<Purchase> {
  const planId = body.recharge_plan_id ?? null
  if (planId !== null) {
    // An `amount` sent with a plan is ignored: the plan's price is what is charged.
    const plan = await lookupsRepository.activeRechargePlan(db, planId)
    if (!plan) throw new HttpError(404, M.planNotOffered(planId))
    assertHundredths(plan.currency)
    return { requestKey: `plan:${plan.id}`, planId: plan.id, remarks: `${plan.name} plan`, priceCents: plan.priceCents, currency: plan.currency, creditCents: plan.creditValueCents }
  }
  // No plan: the default payment. An amount sent must be that default; the server never charges another.
  if (body.amount !== undefined && body.amount !== DEFAULT_PAYMENT_CREDITS) throw new HttpError(400, PAYMENT_MESSAGES.invalidAmount)
  const cents = DEFAULT_PAYMENT_CREDITS * 100
  return { requestKey: `default:${cents}`, planId: null, remarks: `${DEFAULT_PAYMENT_CREDITS} credits`, priceCents: cents, currency: DEFAULT_CURRENCY, creditCents: cents }
}

/**
 * Prices are held in hundredths and sent to the provider as such: a plan priced in a currency without
 * two decimals (JPY) would be charged a hundred times over. A fault in the price list, refused (500).
 */
function assertHundredths(currency: string): void {
  const decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits
  if (decimals !== 2) throw new Error(`recharge plans must be priced in a currency with 2 decimals; ${currency} has ${decimals}`)
}

export async function createPaymentIntent(db: Db, provider: PaymentProvider, userId: string, body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  const purchase = await purchaseFor(db, body)
  const currency = purchase.currency.toLowerCase()
  const price = { cents: purchase.priceCents, currency }
  const metadata = intentMetadata.write({ userId, planId: purchase.planId, creditCents: purchase.creditCents, remarks: purchase.remarks, price })
  const idempotencyKey = await paymentRequestsRepository.claim(db, userId, purchase.requestKey, PAYMENT_INTENT_DEDUPE_SECONDS)
  let intent = await provider.createIntent({ amountCents: purchase.priceCents, currency, metadata, idempotencyKey })
  if (await creditsRepository.findByExternalReference(db, intent.id)) {
    // The same request within the window, but its intent is paid already: this is the clerk's next
    // purchase, not a double tap. A new key (once, however many requests find the old one) makes a new intent.
    const renewedKey = await paymentRequestsRepository.renew(db, userId, purchase.requestKey, idempotencyKey)
    intent = await provider.createIntent({ amountCents: purchase.priceCents, currency, metadata, idempotencyKey: renewedKey })
  }
  return {
    clientSecret: intent.clientSecret,
    payment_intent_id: intent.id,
    amount: centsToCredits(purchase.priceCents),
    currency,
    credits: centsToCredits(purchase.creditCents),
  }
}
