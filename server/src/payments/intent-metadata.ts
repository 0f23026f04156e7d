// What the server writes into a payment intent's metadata, and reads back from its event: the clerk,
// the plan, the credits bought and the price it asked for them (so the webhook credits only a payment
// that received that price). Stripe keeps metadata as strings; the webhook trusts it because the
// event's signature proves it is the intent this server created.
import { IsUuid } from 'typebox/format'

export interface IntentPurchase {
  userId: string
  /** Null for the default payment. */
  planId: number | null
  /** Credits bought, in whole cents. */
  creditCents: number
  /** The plan's words for the ledger entry and the receipt, e.g. "Standard plan". */
  remarks: string
  /**
   * The price the intent was created for: whole hundredths of `currency` (lower case, "gbp"). Null for
   * an intent created before the price was written here; its own `amount` stands in.
   */
  price: { cents: number; currency: string } | null
}

export const intentMetadata = {
  write({ userId, planId, creditCents, remarks, price }: IntentPurchase): Record<string, string> {
    return {
      user_id: userId,
      recharge_plan_id: planId === null ? '' : String(planId),
      credit_cents: String(creditCents),
      remarks,
      ...(price && { price_cents: String(price.cents), currency: price.currency }),
    }
  },

  /** The purchase an intent's metadata names, or null when it is not one of ours (another integration's payment). */
  read(metadata: Record<string, string> | null | undefined): IntentPurchase | null {
    const { user_id: userId, recharge_plan_id: planId, credit_cents: creditCents, remarks, price_cents: priceCents, currency } = metadata ?? {}
    if (userId === undefined || !IsUuid(userId)) return null
    if (creditCents === undefined || !/^[1-9]\d{0,14}$/.test(creditCents)) return null
    if (planId === undefined || !/^(\d+)?$/.test(planId) || typeof remarks !== 'string') return null
    const price = priceCents !== undefined && /^\d{1,15}$/.test(priceCents) && typeof currency === 'string' ? { cents: Number(priceCents), currency: currency.toLowerCase() } : null
    return { userId, planId: planId === '' ? null : Number(planId), creditCents: Number(creditCents), remarks, price }
  },
}
