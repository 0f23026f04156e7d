// The Payment dialog (portal-spec.md §2, §4, §5, §8, §9; issue 13) against the server's answers of
// contract/payments.ts: what is bought, test mode's card form, the spec's messages each in its place,
// the success and its 2 s close, offline, a double tap, and Stripe mode through a stand-in Stripe.js.
import { useState } from 'react'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderWithPortal, waitForDialogClosed } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { cardNumber, cvc, expiry, inDialog, intentAnswer, PATHS, renderPaymentDialog, setUpPaymentApi, STANDARD_PLAN, summary } from '../testing/payment-test-kit'
import { PaymentDialog } from './payment-dialog'

const { api, serve } = setUpPaymentApi()

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  // Back online for the next test: TanStack Query's onlineManager also heard any offline event.
  window.dispatchEvent(new Event('online'))
})

const TEST_MODE_LABEL = 'Test mode: no card is charged'
const OFFLINE = 'You are offline. Buying credits needs a connection; try again when you are back online.'
const payButton = () => inDialog().getByRole('button', { name: 'Pay £20.00' })

/** The balance reader's call starts with the dialog's own: once it is seen, any call the dialog makes is too. */
const waitUntilBalanceAsked = () => waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(1))

async function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  await act(async () => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

async function typeCard(user: ReturnType<typeof renderPaymentDialog>['user'], number: string, exp = '12/34', code = '123') {
  await user.clear(cardNumber())
  await user.type(cardNumber(), number)
  await user.clear(expiry())
  await user.type(expiry(), exp)
  await user.clear(cvc())
  await user.type(cvc(), code)
}

describe('PaymentDialog: what is bought', () => {
  it("shows the plan's name, its credit_value as credits to add, and the price the server set", async () => {
    serve()
    renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    expect(summary()).toEqual(['Plan: Standard plan', 'Credits to add: 25', 'Price: £20.00'])
    expect(api.seen('POST', PATHS.intent).map((request) => request.body)).toEqual([{ recharge_plan_id: 3 }])
    expect(api.seen('GET', PATHS.config)).toHaveLength(1)
  })

  it('without a plan, asks for the default payment of 50', async () => {
    serve({ intent: intentAnswer({ amount: 50, credits: 50 }) })
    renderPaymentDialog({ plan: null })
    await inDialog().findByRole('button', { name: 'Pay £50.00' })
    expect(summary()).toEqual(['Plan: Default payment', 'Credits to add: 50', 'Price: £50.00'])
    expect(api.seen('POST', PATHS.intent).map((request) => request.body)).toEqual([{ amount: 50 }])
  })

  it.each([0, -5, Number.NaN])('refuses a plan worth %d credits as "Invalid payment amount." and sends nothing', async (credits) => {
    serve()
    renderPaymentDialog({ plan: { id: 9, name: 'Broken plan', description: '', credit_value: credits, price: 1, currency: 'gbp' } })
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Invalid payment amount\.$/)
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
    await waitUntilBalanceAsked()
    expect(api.requests.filter((request) => request.path !== '/profile')).toEqual([])
  })

  it('refuses an intent whose amount is not above 0', async () => {
    serve({ intent: intentAnswer({ amount: 0 }) })
    renderPaymentDialog()
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Invalid payment amount\.$/)
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
  })
})

describe('PaymentDialog: test mode', () => {
  it('labels the form as test mode and lists the test cards with what each does', async () => {
    serve()
    renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    expect(inDialog().getByText(TEST_MODE_LABEL)).toBeVisible()
    const cards = inDialog().getByRole('region', { name: 'Test cards you can use' })
    expect([...cards.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '4242 4242 4242 4242 succeeds',
      '4000 0000 0000 0002 is declined',
      '4000 0000 0000 9995 is declined for insufficient funds',
    ])
    expect(cardNumber()).toHaveAttribute('autocomplete', 'cc-number')
    expect(expiry()).toHaveAttribute('autocomplete', 'cc-exp')
    expect(cvc()).toHaveAttribute('autocomplete', 'cc-csc')
    for (const field of [cardNumber(), expiry(), cvc()]) expect(field).toHaveAttribute('inputmode', 'numeric')
  })

  it('pays with 4242, waits until credited, refreshes the balance, says "Payment Successful!" and closes 2 s later', async () => {
    serve()
    api.answer('POST', PATHS.confirm, { status: 200, body: { id: 'pi_test_1', status: 'succeeded' } })
    const credited = heldReply({ status: 200, body: { credited: true } })
    api.answer('GET', PATHS.status('pi_test_1'), credited.promise)
    const updated = vi.fn()
    window.addEventListener('credits-updated', updated)
    const clock = startFakeClock()
    const { user, onClose } = renderPaymentDialog({ userOptions: { advanceTimers: vi.advanceTimersByTime } })
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(1))

    await typeCard(user, '4242 4242 4242 4242')
    await user.click(payButton())
    await waitFor(() => expect(api.seen('GET', PATHS.status('pi_test_1'))).toHaveLength(1))
    expect(api.seen('POST', PATHS.confirm).map((request) => request.body)).toEqual([
      { client_secret: 'pi_test_1_secret_abc', card_number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' },
    ])
    // Charged but not yet known to be credited: still paying.
    expect(inDialog().getByRole('button', { name: 'Paying...' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument()

    const frozen = clock.freeze()
    credited.release()
    await frozen.settle(() => expect(inDialog().getByRole('status')).toHaveTextContent(/^Payment Successful!$/))
    await frozen.settle(() => expect(api.seen('GET', '/profile')).toHaveLength(2))
    expect(updated).toHaveBeenCalledTimes(1)
    window.removeEventListener('credits-updated', updated)
    expect(inDialog().queryByRole('form')).not.toBeInTheDocument()
    await frozen.advance(1_999)
    expect(onClose).not.toHaveBeenCalled()
    await frozen.advance(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it("shows a decline in the server's words, keeps the form, and pays with another card", async () => {
    serve()
    api.answer('POST', PATHS.confirm, { status: 402, body: { detail: 'Your card was declined.', code: 'card_declined' } })
    api.answer('GET', PATHS.status('pi_test_1'), { status: 200, body: { credited: true } })
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4000 0000 0000 0002')
    await user.click(payButton())
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Your card was declined\.$/)
    expect(cardNumber()).toHaveValue('4000 0000 0000 0002')
    expect(payButton()).not.toHaveAttribute('aria-disabled')
    expect(api.seen('GET', PATHS.status('pi_test_1'))).toHaveLength(0)

    api.answer('POST', PATHS.confirm, { status: 200, body: { id: 'pi_test_1', status: 'succeeded' } })
    await typeCard(user, '4242 4242 4242 4242')
    await user.click(payButton())
    expect(await inDialog().findByRole('status')).toHaveTextContent(/^Payment Successful!$/)
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
    expect(api.seen('POST', PATHS.confirm).map((request) => (request.body as { card_number: string }).card_number)).toEqual(['4000000000000002', '4242424242424242'])
  })

  it('takes a 409 conflict (already paid: an earlier answer was lost) as paid, awaits the credits and says "Payment Successful!"', async () => {
    serve()
    api.answer('POST', PATHS.confirm, { status: 409, body: { detail: 'This payment has already been made. Your credits have been added; nothing more was charged.', code: 'conflict' } })
    api.answer('GET', PATHS.status('pi_test_1'), { status: 200, body: { credited: true } })
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4242 4242 4242 4242')
    await user.click(payButton())
    expect(await inDialog().findByRole('status')).toHaveTextContent(/^Payment Successful!$/)
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
    expect(api.seen('GET', PATHS.status('pi_test_1'))).toHaveLength(1)
  })

  it.each([
    ['a refusal without words', { status: 402, body: { code: 'card_declined' } }, 'Payment failed. Please try again.'],
    ['no answer', 'network' as const, 'Payment failed. Please try again.'],
    ['an answer of another shape', { status: 200, body: { ok: true } }, 'Payment failed. Please try again.'],
  ])('says "Payment failed. Please try again." for %s', async (_, reply, shown) => {
    serve()
    api.answer('POST', PATHS.confirm, reply)
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4242 4242 4242 4242')
    await user.click(payButton())
    expect(await inDialog().findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(payButton()).toBeInTheDocument()
  })

  it('names what is wrong with each field beside it, and sends nothing', async () => {
    serve()
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4242', '13/34', '12')
    await user.click(payButton())
    expect(cardNumber()).toHaveFocus()
    expect(cardNumber()).toHaveAttribute('aria-invalid', 'true')
    expect(cardNumber()).toHaveAccessibleDescription('Enter the card number: 12 to 19 digits.')
    expect(expiry()).toHaveAccessibleDescription('Enter the expiry date as MM/YY, for example 08/29.')
    expect(cvc()).toHaveAccessibleDescription('Enter the 3 or 4 digit security code from the back of the card.')
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(0)
  })

  it('sends one confirmation for a double tap on Pay, and cannot be closed while paying', async () => {
    serve()
    const confirmed = heldReply({ status: 200, body: { id: 'pi_test_1', status: 'succeeded' } })
    api.answer('POST', PATHS.confirm, confirmed.promise)
    api.answer('GET', PATHS.status('pi_test_1'), { status: 200, body: { credited: true } })
    const { user, onClose } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4242 4242 4242 4242')
    await user.dblClick(payButton())
    const paying = inDialog().getByRole('button', { name: 'Paying...' })
    expect(paying).toHaveAttribute('aria-disabled', 'true')
    await user.click(paying)
    expect(inDialog().queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    confirmed.release()
    expect(await inDialog().findByRole('status')).toHaveTextContent(/^Payment Successful!$/)
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(1)
  })
})

describe('PaymentDialog: failures while preparing (spec §8)', () => {
  it.each([
    ['no answer to the intent', () => api.answer('POST', PATHS.intent, 'network'), 'Network error when creating payment intent'],
    ['a server error without words', () => api.answer('POST', PATHS.intent, { status: 500, body: { code: 'server_error' } }), 'Error creating payment intent'],
    ['the server’s own words', () => api.answer('POST', PATHS.intent, { status: 404, body: { detail: 'Recharge plan not found', code: 'not_found' } }), 'Recharge plan not found'],
    ['the configuration failing', () => api.answer('GET', PATHS.config, { status: 500, body: { detail: 'Internal Server Error' } }), 'Failed to initialize payment.'],
  ])('%s', async (_, failing, shown) => {
    serve()
    failing()
    renderPaymentDialog()
    expect(await inDialog().findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(inDialog().queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument()
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(0)
  })
})

describe('PaymentDialog: offline', () => {
  it('says payments need a connection and sends nothing; back online it carries on', async () => {
    serve()
    // Offline since the page opened: no event was heard (TanStack Query's onlineManager still says online).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderPaymentDialog()
    expect(inDialog().getByRole('status')).toHaveTextContent(new RegExp(`^${OFFLINE.replace(/\./g, '\\.')}$`))
    await waitUntilBalanceAsked()
    expect(api.requests.filter((request) => request.path !== '/profile')).toEqual([])
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()

    await setOnline(true)
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    expect(inDialog().queryByText(OFFLINE)).not.toBeInTheDocument()
    expect(api.seen('POST', PATHS.intent)).toHaveLength(1)
  })

  it('disables Pay while offline, and pays once back online', async () => {
    serve()
    api.answer('POST', PATHS.confirm, { status: 200, body: { id: 'pi_test_1', status: 'succeeded' } })
    api.answer('GET', PATHS.status('pi_test_1'), { status: 200, body: { credited: true } })
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await typeCard(user, '4242 4242 4242 4242')
    await setOnline(false)
    expect(inDialog().getByText(OFFLINE)).toBeVisible()
    expect(payButton()).toHaveAttribute('aria-disabled', 'true')
    await user.click(payButton())
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(0)

    await setOnline(true)
    await user.click(payButton())
    expect(await inDialog().findByRole('status')).toHaveTextContent(/^Payment Successful!$/)
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(1)
  })
})

describe('PaymentDialog: a fresh start for each opening', () => {
  function Host() {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button onClick={() => setOpen(true)}>Buy</button>
        <PaymentDialog open={open} plan={STANDARD_PLAN} onClose={() => setOpen(false)} />
      </>
    )
  }

  it('asks for a new intent and starts with an empty card form when opened again', async () => {
    serve()
    const { user } = renderWithPortal(<Host />)
    await user.click(screen.getByRole('button', { name: 'Buy' }))
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await user.type(cardNumber(), '4000')
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }))
    await waitForDialogClosed()

    await user.click(screen.getByRole('button', { name: 'Buy' }))
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    expect(cardNumber()).toHaveValue('')
    expect(api.seen('POST', PATHS.intent)).toHaveLength(2)
  })
})
