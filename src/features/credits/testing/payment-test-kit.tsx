// Test support for the Payment dialog: the server's answers per contract/payments.ts (its routes are
// served by the fake API behind fetch), a stand-in for Stripe.js, and the dialog rendered in the app's
// providers beside a reader of the credit balance, so a test can see the balance asked for again.
import { act, getConfig, screen, waitFor, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import type { Stripe } from '@stripe/stripe-js'
import type { RechargePlan } from '@contract/lookups.ts'
import type { CreatePaymentIntentResponse } from '@contract/payments.ts'
import { profileAnswer, renderWithPortal, setUpFakePortalApi, type FakePortalApi, type RenderOptions } from '@/test/fake-portal-api'
import { useCreditBalance } from '../api/get-credit-balance'
import type { StripeLoader } from '../lib/card-payment'
import { PaymentDialog } from '../components/payment-dialog'

// Taken before any test fakes the timers (as src/test/manual-clock.ts does).
const realSetImmediate = globalThis.setImmediate
const realNow = Date.now

/**
 * Lets a poll's retry delays pass on a fake clock (startFakeClock) instead of in real time: moves the
 * clock on `stepMs` at a time, letting the answers in between, until `check` passes; fails with
 * check's error after Testing Library's wait limit of real time.
 */
export async function advanceUntil(stepMs: number, check: () => void): Promise<void> {
  const limit = realNow() + getConfig().asyncUtilTimeout
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (realNow() > limit) throw error
    }
    await act(async () => void (await vi.advanceTimersByTimeAsync(stepMs)))
    await new Promise((resolve) => realSetImmediate(resolve))
  }
}

export const PATHS = {
  config: '/payments/config',
  intent: '/stripe/create-payment-intent',
  confirm: '/payments/test/confirm',
  status: (id: string) => `/clerk/payments/${id}`,
}

export const STANDARD_PLAN: RechargePlan = { id: 3, name: 'Standard plan', description: '25 credits for £20', credit_value: 25, price: 20, currency: 'gbp' }

export function intentAnswer(overrides: Partial<CreatePaymentIntentResponse> = {}): CreatePaymentIntentResponse {
  return { clientSecret: 'pi_test_1_secret_abc', payment_intent_id: 'pi_test_1', amount: 20, currency: 'gbp', credits: 25, ...overrides }
}

export function setUpPaymentApi() {
  const api = setUpFakePortalApi()
  return {
    api,
    /** The server in test mode (or Stripe mode with `config`), an intent made, the balance at `credits`. */
    serve({ config = { mode: 'test' } as object, intent = intentAnswer(), credits = 10 } = {}) {
      api.answer('GET', PATHS.config, { status: 200, body: config })
      api.answer('POST', PATHS.intent, { status: 200, body: intent })
      api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits }) })
    },
  }
}

function BalanceReader() {
  useCreditBalance()
  return null
}

export type { RenderOptions }

export function renderPaymentDialog({ plan = STANDARD_PLAN, loadStripe, userOptions }: { plan?: RechargePlan | null; loadStripe?: StripeLoader; userOptions?: RenderOptions['userOptions'] } = {}) {
  const onClose = vi.fn()
  const rendered = renderWithPortal(
    <>
      <BalanceReader />
      <PaymentDialog open plan={plan} onClose={onClose} loadStripe={loadStripe} />
    </>,
    { userOptions },
  )
  return { ...rendered, onClose }
}

export const dialog = () => screen.getByRole('dialog', { name: 'Payment' })
export const inDialog = () => within(dialog())
/** The summary's rows, as "term: value". */
export const summary = () => {
  const terms = inDialog().getAllByRole('term').map((term) => term.textContent)
  const values = inDialog().getAllByRole('definition').map((value) => value.textContent)
  return terms.map((term, index) => `${term}: ${values[index]}`)
}

export const cardNumber = () => inDialog().getByRole('textbox', { name: /^Card number/ })
export const expiry = () => inDialog().getByRole('textbox', { name: /^Expiry date \(MM\/YY\)/ })
export const cvc = () => inDialog().getByRole('textbox', { name: /^Security code \(CVC\)/ })
export const payButton = (price = '£20.00') => inDialog().getByRole('button', { name: `Pay ${price}` })

/** Types a card into test mode's form, over what was there. */
export async function typeCard(user: ReturnType<typeof renderPaymentDialog>['user'], number: string, exp = '12/34', code = '123') {
  await user.clear(cardNumber())
  await user.type(cardNumber(), number)
  await user.clear(expiry())
  await user.type(expiry(), exp)
  await user.clear(cvc())
  await user.type(cvc(), code)
}

/** The balance reader's call starts with the dialog's own: once it is seen, any call the dialog makes is too. */
export const balanceAsked = (api: FakePortalApi) => waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(1))

/**
 * A stand-in for Stripe.js as far as @stripe/react-stripe-js and the card form use it: Elements makes
 * `elements()`, CardElement creates and mounts a 'card' element, the form reads it back with
 * getElement and confirms with confirmCardPayment.
 */
export function fakeStripe({ confirmCardPayment, cardReady = true }: { confirmCardPayment: Stripe['confirmCardPayment']; cardReady?: boolean }) {
  const card = { mount: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), destroy: vi.fn() }
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => (cardReady ? card : null)), update: vi.fn() }
  const stripe = {
    elements: () => elements,
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(confirmCardPayment),
  }
  return { stripe: stripe as unknown as Stripe, card, confirmCardPayment: stripe.confirmCardPayment }
}
