// The shape of a signed event before anything reads it. A signature proves who sent the bytes, not
// that they hold what the handler needs: `null`, an event without `data`, or an intent whose amount is
// not a whole number is refused (400) here instead of failing deep inside the credit (500).
import type Stripe from 'stripe'
import Type, { type Static } from 'typebox'
import { Value } from 'typebox/value'
import { HttpError } from '../http-error.ts'
import { PAYMENT_SERVER_MESSAGES as M } from './messages.ts'

const Cents = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })

/** Every event: an id, a type and the object it is about. */
const SignedEvent = Type.Object({ id: Type.String(), type: Type.String(), data: Type.Object({ object: Type.Object({}) }) })

/** The fields of a succeeded intent the credit reads. */
const SucceededIntent = Type.Object({
  id: Type.String({ minLength: 1 }),
  amount: Cents,
  amount_received: Cents,
  currency: Type.String({ minLength: 1 }),
  metadata: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()])),
})
export type SucceededIntent = Static<typeof SucceededIntent>

/** The event `verified` holds, once its shape is one this server can read; 400 otherwise. */
export function readPaymentEvent(verified: unknown): Stripe.Event {
  if (!Value.Check(SignedEvent, verified)) throw unreadable()
  const event = verified as Stripe.Event
  if (event.type === 'payment_intent.succeeded' && !Value.Check(SucceededIntent, event.data.object)) throw unreadable()
  return event
}

const unreadable = () => new HttpError(400, M.eventUnreadable)
