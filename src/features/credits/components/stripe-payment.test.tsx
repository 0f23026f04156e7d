// The Payment dialog in Stripe mode, through its seam for Stripe.js (loadStripe): a stand-in Stripe
// object stands where Stripe's script would, so the dialog's own part is checked here (the key it
// loads, the client secret it confirms with, the words it shows). Stripe itself cannot be reached
// from the test machine.
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js'
import { startFakeClock } from '@/test/manual-clock'
import { PAYMENT_STATUS_POLL_MS } from '../api/get-payment-status'
import { advanceUntil, fakeStripe, inDialog, PATHS, renderPaymentDialog, setUpPaymentApi, summary, type RenderOptions } from '../testing/payment-test-kit'

const { api, serve } = setUpPaymentApi()
const STRIPE_CONFIG = { mode: 'stripe', publishable_key: 'pk_test_portal' }

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const declined = { error: { type: 'card_error', message: 'Your card has insufficient funds.' } } as PaymentIntentResult
const succeeded = { paymentIntent: { id: 'pi_live_1', status: 'succeeded' } } as PaymentIntentResult

async function readyToPay(stripe: Stripe, userOptions?: RenderOptions['userOptions']) {
  serve({ config: STRIPE_CONFIG })
  const loadStripe = vi.fn(async () => stripe)
  const rendered = renderPaymentDialog({ loadStripe, userOptions })
  const pay = await inDialog().findByRole('button', { name: 'Pay £20.00' })
  return { ...rendered, loadStripe, pay }
}

describe('PaymentDialog: Stripe mode', () => {
  it("loads Stripe.js with the server's publishable key and shows Stripe's card field, without the test-mode label", async () => {
    const fake = fakeStripe({ confirmCardPayment: async () => succeeded })
    const { loadStripe } = await readyToPay(fake.stripe)
    expect(loadStripe.mock.calls).toEqual([['pk_test_portal']])
    expect(fake.card.mount).toHaveBeenCalledTimes(1)
    expect(inDialog().getByRole('group', { name: 'Card details' })).toBeInTheDocument()
    expect(inDialog().queryByText('Test mode: no card is charged')).not.toBeInTheDocument()
    expect(inDialog().queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument()
  })

  it("confirms with the intent's client secret, shows Stripe's refusal as it is, and pays on a second try once credited", async () => {
    const confirm = vi.fn<Stripe['confirmCardPayment']>().mockResolvedValueOnce(declined).mockResolvedValueOnce(succeeded)
    const fake = fakeStripe({ confirmCardPayment: confirm })
    // The webhook comes a moment after the charge: the first ask finds it not credited yet.
    api.answer('GET', PATHS.status('pi_live_1'), () => ({ status: 200, body: { credited: api.seen('GET', PATHS.status('pi_live_1')).length > 1 } }))
    // The second ask comes after the poll's delay: on a fake clock, moved on rather than waited for.
    startFakeClock()
    const { user, pay } = await readyToPay(fake.stripe, { advanceTimers: vi.advanceTimersByTime })

    await user.click(pay)
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Your card has insufficient funds\.$/)
    expect(fake.confirmCardPayment).toHaveBeenCalledWith('pi_test_1_secret_abc', { payment_method: { card: fake.card } })
    expect(inDialog().getByRole('group', { name: 'Card details' })).toBeInTheDocument()

    await user.click(inDialog().getByRole('button', { name: 'Pay £20.00' }))
    await advanceUntil(PAYMENT_STATUS_POLL_MS, () => expect(inDialog().getByRole('status')).toHaveTextContent(/^Payment Successful!$/))
    expect(fake.confirmCardPayment).toHaveBeenCalledTimes(2)
    expect(api.seen('GET', PATHS.status('pi_live_1'))).toHaveLength(2)
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(2))
  })

  it('takes a payment Stripe is still processing as paid: awaits its credits and says "Payment Successful!"', async () => {
    const fake = fakeStripe({ confirmCardPayment: async () => ({ paymentIntent: { id: 'pi_live_1', status: 'processing' } }) as PaymentIntentResult })
    api.answer('GET', PATHS.status('pi_live_1'), { status: 200, body: { credited: true } })
    const { user, pay } = await readyToPay(fake.stripe)
    await user.click(pay)
    expect(await inDialog().findByRole('status')).toHaveTextContent(/^Payment Successful!$/)
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
    expect(api.seen('GET', PATHS.status('pi_live_1'))).toHaveLength(1)
  })

  it.each([
    ['Stripe’s error without words', async () => ({ error: { type: 'card_error' } }) as PaymentIntentResult, 'Payment failed. Please try again.'],
    ['a payment left unfinished', async () => ({ paymentIntent: { id: 'pi_live_1', status: 'requires_payment_method' } }) as PaymentIntentResult, 'Payment failed. Please try again.'],
    ['an exception', async () => Promise.reject(new Error('boom')), 'Unexpected error occurred.'],
  ])('shows the spec’s words for %s', async (_, confirmCardPayment, shown) => {
    const fake = fakeStripe({ confirmCardPayment: confirmCardPayment as Stripe['confirmCardPayment'] })
    const { user, pay } = await readyToPay(fake.stripe)
    await user.click(pay)
    expect(await inDialog().findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(api.seen('GET', PATHS.status('pi_live_1'))).toHaveLength(0)
  })

  it('says "Unable to proceed with payment." when the card field is not ready, and confirms nothing', async () => {
    const fake = fakeStripe({ confirmCardPayment: async () => succeeded, cardReady: false })
    const { user, pay } = await readyToPay(fake.stripe)
    await user.click(pay)
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Unable to proceed with payment\.$/)
    expect(fake.confirmCardPayment).not.toHaveBeenCalled()
  })

  it.each([
    ['resolves without Stripe', async () => null],
    ['fails', async () => Promise.reject(new Error('script blocked'))],
  ])('says "Failed to initialize payment." when Stripe.js %s', async (_, loadStripe) => {
    serve({ config: STRIPE_CONFIG })
    renderPaymentDialog({ loadStripe })
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Failed to initialize payment\.$/)
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
    expect(summary()).toEqual(['Plan: Standard plan', 'Credits to add: 25', 'Price: £20.00'])
  })
})
