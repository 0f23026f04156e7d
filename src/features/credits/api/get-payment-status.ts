// GET /clerk/payments/{payment_intent_id}: whether a paid payment's credits are in the balance yet. In
// test mode they are by the time the confirmation answers; with Stripe the webhook may come a moment
// after the card was charged, so the dialog asks again, a bounded number of times.
import { queryOptions } from '@tanstack/react-query'
import { PAYMENT_PATHS, PaymentStatus } from '@contract/payments.ts'
import { apiRequest } from '@/lib/api-client'

/** How often, and how many times at most, the dialog asks (about 20 s in all). */
export const PAYMENT_STATUS_POLL_MS = 1_000
export const PAYMENT_STATUS_MAX_ASKS = 20

export function getPaymentStatus(paymentIntentId: string, signal?: AbortSignal): Promise<PaymentStatus> {
  return apiRequest(`${PAYMENT_PATHS.paymentStatus}/${encodeURIComponent(paymentIntentId)}`, { signal, schema: PaymentStatus })
}

class NotCreditedYet extends Error {}

/**
 * Succeeds once the payment is credited; asks again every PAYMENT_STATUS_POLL_MS while it is not (or
 * no answer came), and fails after PAYMENT_STATUS_MAX_ASKS asks: the query's own retries are the poll.
 */
export const paymentCreditedQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['payments', 'credited', paymentIntentId] as const,
    queryFn: async ({ signal }) => {
      const status = await getPaymentStatus(paymentIntentId, signal)
      if (!status.credited) throw new NotCreditedYet(`Payment ${paymentIntentId} is not credited yet`)
      return true as const
    },
    gcTime: 0,
    retry: PAYMENT_STATUS_MAX_ASKS - 1,
    retryDelay: PAYMENT_STATUS_POLL_MS,
  })
