// What the server writes into a payment intent's metadata, and reads back from its event: the clerk,
// the plan and the credits bought. Stripe keeps metadata as strings; the webhook trusts it because the
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
}

export const intentMetadata = {
  write({ userId, planId, creditCents, remarks }: IntentPurchase): Record<string, string> {
    return { user_id: userId, recharge_plan_id: planId === null ? '' : String(planId), credit_cents: String(creditCents), remarks }
  },

  /** The purchase an intent's metadata names, or null when it is not one of ours (another integration's payment). */
  read(metadata: Record<string, string> | null | undefined): IntentPurchase | null {
    const { user_id: userId, recharge_plan_id: planId, credit_cents: creditCents, remarks } = metadata ?? {}
    if (userId === undefined || !IsUuid(userId)) return null
    if (creditCents === undefined || !/^[1-9]\d{0,14}$/.test(creditCents)) return null
    if (planId === undefined || !/^(\d+)?$/.test(planId) || typeof remarks !== 'string') return null
    return { userId, planId: planId === '' ? null : Number(planId), creditCents: Number(creditCents), remarks }
  },
}
