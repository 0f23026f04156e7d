// Stripe's SDK, loaded the first time a payment needs it rather than when the server starts: it adds
// about 20 MB to the process, and an idle server (or one whose clerks are not paying right now) has no
// use for it (docs/decisions/idle-server-memory.md).
import type Stripe from 'stripe'

let loading: Promise<typeof Stripe> | undefined

/** The SDK's class (its static `webhooks`, `errors` and `API_VERSION` included), imported once. */
export function loadStripe(): Promise<typeof Stripe> {
  loading ??= import('stripe').then((sdk) => sdk.default)
  return loading
}
