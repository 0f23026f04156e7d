// The Payment dialog's states (portal-spec.md §4): loading (the configuration, the intent and, with
// Stripe, Stripe.js), ready (the card form), paying (the card confirmed, then its credits awaited),
// success ("Payment Successful!", then the dialog closes after PAYMENT_SUCCESS_CLOSE_MS), paid but not
// yet credited (the checks ran out: it says the credits follow, and stays open), or an error in the
// words of spec §8. Offline nothing is asked; back online it carries on by itself.
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Stripe } from '@stripe/stripe-js'
import type { RechargePlan } from '@contract/lookups.ts'
import { DEFAULT_PAYMENT_CREDITS, PAYMENT_MESSAGES, PAYMENT_SUCCESS_CLOSE_MS, type CreatePaymentIntentResponse, type PaymentsConfig } from '@contract/payments.ts'
import { newIdempotencyKey } from '@/lib/api-client'
import { refreshCredits } from '@/lib/credits'
import { failureText } from '@/lib/failure-text'
import { useOnlineStatus } from '@/lib/use-online-status'
import { paymentIntentQueryOptions } from '../api/create-payment-intent'
import { paymentsConfigQueryOptions } from '../api/get-payments-config'
import { paymentCreditedQueryOptions } from '../api/get-payment-status'
import { PaymentFailure, type ConfirmCard, type StripeLoader } from '../lib/card-payment'
import { isValidPaymentAmount } from '../lib/payment-figures'

export type PaymentSetup =
  | { state: 'loading' }
  /** `retry`: asks again (one new request), offered when creating the intent failed; `retrying` while it asks. */
  | { state: 'failed'; message: string; retry?: () => void; retrying?: boolean }
  | { state: 'ready'; config: PaymentsConfig; intent: CreatePaymentIntentResponse; stripe: Stripe | null }

/** portal-spec.md §8: a refusal's own words (the provider's), else the spec's; an exception is unexpected. */
function paymentFailureText(error: unknown): string {
  if (error instanceof PaymentFailure) return error.message
  return failureText(error, { network: PAYMENT_MESSAGES.failed, fallback: PAYMENT_MESSAGES.failed, unexpected: PAYMENT_MESSAGES.unexpected })
}

export interface UsePaymentOptions {
  plan: RechargePlan | null
  /** The dialog is open: nothing is asked while it is closed. */
  active: boolean
  loadStripe: StripeLoader
  /** Closes the dialog: PAYMENT_SUCCESS_CLOSE_MS after "Payment Successful!", or when the clerk closes it. */
  onClose: () => void
}

export function usePayment({ plan, active, loadStripe, onClose }: UsePaymentOptions) {
  const queryClient = useQueryClient()
  const online = useOnlineStatus()
  // Tells this opening's intent from the last one's (the dialog is mounted afresh for each opening).
  const [opening] = useState(newIdempotencyKey)
  // The failure the clerk asked again about (Try again): still shown while asking, as the query itself
  // goes back to pending, so that a second failure keeps the focus on Try again; and once the card
  // form appears, it takes the focus.
  const [retriedFailure, setRetriedFailure] = useState<string | null>(null)
  const credits = plan ? plan.credit_value : DEFAULT_PAYMENT_CREDITS
  const validAmount = isValidPaymentAmount(credits)
  const asking = active && online && validAmount

  const config = useQuery({ ...paymentsConfigQueryOptions(), enabled: asking })
  const intent = useQuery({ ...paymentIntentQueryOptions(plan, opening), enabled: asking })
  const publishableKey = config.data?.mode === 'stripe' ? config.data.publishable_key : null
  const stripe = useQuery({
    queryKey: ['payments', 'stripe-js', publishableKey] as const,
    queryFn: async () => {
      const loaded = await loadStripe(publishableKey!)
      if (!loaded) throw new Error('Stripe.js did not load')
      return loaded
    },
    enabled: asking && publishableKey !== null,
    staleTime: Infinity,
    retry: false,
    structuralSharing: false,
  })

  const pay = useMutation({ mutationFn: (confirm: ConfirmCard) => confirm() })
  const paidId = pay.data
  const credited = useQuery({ ...paymentCreditedQueryOptions(paidId ?? ''), enabled: paidId !== undefined })
  const succeeded = paidId !== undefined && credited.isSuccess
  // Asked as often as it may be and not credited yet: the card was charged, and the credits follow
  // with the provider's event (the server credits it exactly once, whenever it comes). Said so, not
  // "Payment Successful!", and the dialog stays open until the clerk closes it.
  const creditsPending = paidId !== undefined && credited.isError
  const paid = succeeded || creditsPending
  const busy = pay.isPending || (paidId !== undefined && !paid)

  const close = useEffectEvent(() => onClose())
  useEffect(() => {
    if (!paid) return
    void refreshCredits(queryClient)
    if (!succeeded) return
    const timer = setTimeout(() => close(), PAYMENT_SUCCESS_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [paid, succeeded, queryClient])

  // Two presses before React has drawn "Paying..." still make one confirmation.
  const confirming = useRef(false)
  const startPaying = (confirm: ConfirmCard) => {
    if (confirming.current || busy || !online) return
    confirming.current = true
    pay.mutate(confirm, { onSettled: () => void (confirming.current = false) })
  }

  let setup: PaymentSetup = { state: 'loading' }
  if (!validAmount) setup = { state: 'failed', message: PAYMENT_MESSAGES.invalidAmount }
  else if (intent.error || (intent.isFetching && retriedFailure !== null)) {
    const message = intent.error
      ? failureText(intent.error, { network: PAYMENT_MESSAGES.networkErrorCreatingIntent, fallback: PAYMENT_MESSAGES.errorCreatingIntent })
      : retriedFailure!
    // cancelRefetch false: a second press while it asks joins that request instead of sending another.
    const retry = () => {
      setRetriedFailure(message)
      void intent.refetch({ cancelRefetch: false })
    }
    setup = { state: 'failed', message, retry, retrying: intent.isFetching }
  }
  else if (config.error || stripe.error) setup = { state: 'failed', message: PAYMENT_MESSAGES.initializeFailed }
  else if (intent.data && !isValidPaymentAmount(intent.data.amount)) setup = { state: 'failed', message: PAYMENT_MESSAGES.invalidAmount }
  else if (intent.data && config.data && (config.data.mode === 'test' || stripe.data))
    setup = { state: 'ready', config: config.data, intent: intent.data, stripe: stripe.data ?? null }

  return {
    online,
    /**
     * The credits the server will add once it has answered (the plan in the client's lookups may be
     * stale, from the service worker's cache); the plan's credit_value, or the default, until then.
     */
    credits: intent.data ? intent.data.credits : credits,
    /** The server's price for it, once asked (shown even when the card form cannot be). */
    price: intent.data && isValidPaymentAmount(intent.data.amount) ? { amount: intent.data.amount, currency: intent.data.currency } : undefined,
    setup,
    /** The intent was asked for again (Try again). */
    retried: retriedFailure !== null,
    busy,
    succeeded,
    creditsPending,
    /** Closing with the credits still to come reads them once more, in case they came meanwhile. */
    close: () => {
      if (creditsPending) void refreshCredits(queryClient)
      onClose()
    },
    /** Why the last press of Pay did not pay; cleared by the next press. */
    payError: pay.error ? paymentFailureText(pay.error) : null,
    pay: startPaying,
  }
}
