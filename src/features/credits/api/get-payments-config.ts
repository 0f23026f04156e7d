// GET /payments/config: which provider takes cards, and Stripe's publishable key, at run time (issue 13:
// never baked into the build). An answer of another shape fails as 'invalid-answer'.
import { queryOptions } from '@tanstack/react-query'
import { PAYMENT_PATHS, PaymentsConfig } from '@contract/payments.ts'
import { apiRequest } from '@/lib/api-client'

export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiRequest(PAYMENT_PATHS.config, { signal, schema: PaymentsConfig })
}

// Outside creditKeys: refreshing the balance after a payment must not read the configuration again.
export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'] as const, queryFn: ({ signal }) => getPaymentsConfig(signal), staleTime: Infinity })
