// What the webhook does with a verified event (its shape checked by payment-event.ts). Only `payment_intent.succeeded` moves money: it credits
// the intent's clerk through the money module, keyed by the intent's id, so a repeated or concurrent
// delivery credits once. Everything else Stripe may send (created, processing, failed, charges...) is
// acknowledged and left alone; Stripe would otherwise retry it for days.
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { creditRecharge } from '../money/credit-recharge.ts'
import { intentMetadata, type IntentPurchase } from './intent-metadata.ts'

/** A payment credited by this delivery (not by an earlier one): what its receipt says. */
export interface CreditedPayment extends IntentPurchase {
  intentId: string
  /** The ledger entry that credited it: its receipt number's source. */
  entryId: number
  paidCents: number
  /** ISO 4217 as Stripe writes it ("gbp"). */
  currency: string
  /** The clerk's balance once credited, in cents. */
  balanceCents: number
  creditedAt: Date
}

/** The payment this event credited for the first time, or null (another event, a repeat, or nothing of ours). */
export async function handlePaymentEvent(
  db: Db,
  event: Stripe.Event,
  log: FastifyBaseLogger,
  /** Runs in the credit's transaction when this delivery credited: the receipt's e-mail goes to the outbox there. */
  withCredit?: (tx: Db, payment: CreditedPayment) => Promise<void>,
): Promise<CreditedPayment | null> {
  if (event.type !== 'payment_intent.succeeded') {
    log.info({ eventId: event.id, type: event.type }, 'payment event ignored: only payment_intent.succeeded credits')
    return null
  }
  const intent = event.data.object
  const purchase = intentMetadata.read(intent.metadata)
  if (!purchase) {
    log.warn({ eventId: event.id, intentId: intent.id }, 'payment_intent.succeeded ignored: the intent carries no InspectScribe purchase in its metadata')
    return null
  }
  // The credits are the metadata's; they are only earned by the price the server asked for them. An
  // intent whose amount was changed after it was created, or that received less (or more) than that
  // price, is not the purchase the server priced: nothing is credited, and a person looks at it.
  const createdFor = purchase.price ?? { cents: intent.amount, currency: intent.currency.toLowerCase() }
  if (intent.amount !== createdFor.cents || intent.amount_received !== createdFor.cents || intent.currency.toLowerCase() !== createdFor.currency) {
    log.warn(
      { eventId: event.id, intentId: intent.id, userId: purchase.userId, priceCents: createdFor.cents, amountCents: intent.amount, receivedCents: intent.amount_received, currency: intent.currency },
      'payment_intent.succeeded not credited: the amount received is not what the intent was created for; it needs a person',
    )
    return null
  }
  try {
    const creditedAt = new Date()
    const payment = (credited: { entryId: number; balanceCents: number }): CreditedPayment => ({
      ...purchase,
      intentId: intent.id,
      entryId: credited.entryId,
      paidCents: intent.amount_received,
      currency: intent.currency,
      balanceCents: credited.balanceCents,
      creditedAt,
    })
    const result = await creditRecharge(
      db,
      {
        userId: purchase.userId,
        amountCents: purchase.creditCents,
        reason: purchase.remarks,
        externalReference: intent.id,
        paid: { cents: intent.amount_received, currency: intent.currency },
      },
      withCredit && ((tx, credited) => withCredit(tx, payment(credited))),
    )
    if (result.alreadyCredited) return null
    return payment(result)
  } catch (error) {
    // An erased clerk, or a reference already credited for another clerk or amount: a retry cannot
    // change either, so the event is acknowledged and the case left in the log for a person.
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 409)) {
      log.error({ eventId: event.id, intentId: intent.id, userId: purchase.userId, detail: error.detail }, 'a paid payment could not be credited; it needs a person (refund or credit by hand)')
      return null
    }
    throw error
  }
}
