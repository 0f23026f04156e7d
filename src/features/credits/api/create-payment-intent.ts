// POST /stripe/create-payment-intent (portal-spec.md §7): a plan's id, or the default payment's amount
// when no plan is chosen. The server prices it (never the client) and answers the same intent to
// identical requests within 5 s, so the dialog may ask again on every opening.
import { queryOptions } from '@tanstack/react-query'
import type { RechargePlan } from '@contract/lookups.ts'
import { CreatePaymentIntentResponse, DEFAULT_PAYMENT_CREDITS, PAYMENT_MESSAGES, PAYMENT_PATHS, type CreatePaymentIntentBody } from '@contract/payments.ts'
import { apiRequest } from '@/lib/api-client'

/** The portal sends one reading of the body (docs/decisions.md): the plan's id, or only the default amount. */
export function paymentIntentBody(plan: RechargePlan | null): CreatePaymentIntentBody {
  return plan ? { recharge_plan_id: plan.id } : { amount: DEFAULT_PAYMENT_CREDITS }
}

export function createPaymentIntent(body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  // No abort signal: a closed dialog leaves the request to finish (the server dedupes it anyway), and a
  // cancelled-then-remounted query would otherwise send it twice.
  return apiRequest(PAYMENT_PATHS.createIntent, { method: 'POST', json: body, schema: CreatePaymentIntentResponse, failureMessage: PAYMENT_MESSAGES.errorCreatingIntent })
}

/**
 * One intent per opening of the dialog (`opening` tells openings apart): a query rather than a
 * mutation so that it is asked once however often the dialog renders, and never again by itself.
 */
export const paymentIntentQueryOptions = (plan: RechargePlan | null, opening: string) =>
  queryOptions({
    queryKey: ['payments', 'intent', opening, plan?.id ?? null] as const,
    queryFn: () => createPaymentIntent(paymentIntentBody(plan)),
    staleTime: Infinity,
    gcTime: 0,
    // Each failure has its own words (spec §8): show it at once rather than after retries.
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  })
