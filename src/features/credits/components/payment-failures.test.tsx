// The Payment dialog's failures in the words of portal-spec.md §5 and §8, each in its place (issue 13):
// an amount that is not one, a card refused or not confirmed, a card typed wrong, the calls that
// prepare the payment failing, and a payment whose credits had not come when the dialog stopped asking.
// The server's answers are those of contract/payments.ts.
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAYMENT_SUCCESS_CLOSE_MS } from '@contract/payments.ts'
import { heldReply } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { PAYMENT_STATUS_MAX_ASKS, PAYMENT_STATUS_POLL_MS } from '../api/get-payment-status'
import { advanceUntil, balanceAsked, cardNumber, cvc, expiry, inDialog, intentAnswer, PATHS, payButton, renderPaymentDialog, setUpPaymentApi, typeCard } from '../testing/payment-test-kit'

const { api, serve } = setUpPaymentApi()

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('PaymentDialog: the amount (spec §5)', () => {
  it.each([0, -5, Number.NaN])('refuses a plan worth %d credits as "Invalid payment amount." and sends nothing', async (credits) => {
    serve()
    renderPaymentDialog({ plan: { id: 9, name: 'Broken plan', description: '', credit_value: credits, price: 1, currency: 'gbp' } })
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Invalid payment amount\.$/)
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
    await balanceAsked(api)
    expect(api.requests.filter((request) => request.path !== '/profile')).toEqual([])
  })

  it('refuses an intent whose amount is not above 0', async () => {
    serve({ intent: intentAnswer({ amount: 0 }) })
    renderPaymentDialog()
    expect(await inDialog().findByRole('alert')).toHaveTextContent(/^Invalid payment amount\.$/)
    expect(inDialog().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
  })
})

describe('PaymentDialog: a card not paid (spec §8)', () => {
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
})

describe('PaymentDialog: failures while preparing (spec §8)', () => {
  it.each([
    // The intent's failures offer Try again (inside the alert); the configuration's does not.
    ['no answer to the intent', () => api.answer('POST', PATHS.intent, 'network'), 'Network error when creating payment intent', true],
    ['a server error without words', () => api.answer('POST', PATHS.intent, { status: 500, body: { code: 'server_error' } }), 'Error creating payment intent', true],
    ['the server’s own words', () => api.answer('POST', PATHS.intent, { status: 404, body: { detail: 'Recharge plan not found', code: 'not_found' } }), 'Recharge plan not found', true],
    ['the configuration failing', () => api.answer('GET', PATHS.config, { status: 500, body: { detail: 'Internal Server Error' } }), 'Failed to initialize payment.', false],
  ])('%s', async (_, failing, shown, tryAgain) => {
    serve()
    failing()
    renderPaymentDialog()
    const alert = await inDialog().findByRole('alert')
    expect(alert).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}${tryAgain ? 'Try again' : ''}$`))
    expect(within(alert).queryAllByRole('button', { name: 'Try again' })).toHaveLength(tryAgain ? 1 : 0)
    expect(inDialog().queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument()
    expect(api.seen('POST', PATHS.confirm)).toHaveLength(0)
  })

  it.each([
    ['no answer', 'network' as const, 'Network error when creating payment intent'],
    ['a server error', { status: 500, body: { code: 'server_error' } }, 'Error creating payment intent'],
  ])('offers Try again after %s: asks for the intent once more, then the card form takes the focus', async (_, reply, shown) => {
    serve()
    api.answer('POST', PATHS.intent, reply)
    const { user } = renderPaymentDialog()
    const alert = await inDialog().findByRole('alert')
    expect(alert).toHaveTextContent(new RegExp(`^${shown}Try again$`))
    expect(api.seen('POST', PATHS.intent)).toHaveLength(1)

    api.answer('POST', PATHS.intent, { status: 200, body: intentAnswer() })
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await inDialog().findByRole('button', { name: 'Pay £20.00' })).toBeInTheDocument()
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
    expect(api.seen('POST', PATHS.intent)).toHaveLength(2)
    expect(cardNumber()).toHaveFocus()
  })

  it('asks once for a double press of Try again, and keeps the failure and the focus on Try again when it fails again', async () => {
    serve()
    api.answer('POST', PATHS.intent, 'network')
    const { user } = renderPaymentDialog()
    const alert = await inDialog().findByRole('alert')
    const again = heldReply({ status: 500, body: { code: 'server_error' } })
    api.answer('POST', PATHS.intent, again.promise)
    const tryAgain = within(alert).getByRole('button', { name: 'Try again' })
    await user.dblClick(tryAgain)
    await waitFor(() => expect(tryAgain).toHaveAttribute('aria-disabled', 'true'))
    again.release()
    await waitFor(() => expect(inDialog().getByRole('alert')).toHaveTextContent(/^Error creating payment intentTry again$/))
    expect(api.seen('POST', PATHS.intent)).toHaveLength(2)
    expect(within(inDialog().getByRole('alert')).getByRole('button', { name: 'Try again' })).toHaveFocus()
  })
})

describe('PaymentDialog: paid, the credits not come yet', () => {
  const PENDING = 'Payment received. Your credits will appear in your balance shortly.'

  it('says the credits will follow (not "Payment Successful!") when the checks run out, stays open, and reads the credits again on Close', async () => {
    serve()
    api.answer('POST', PATHS.confirm, { status: 200, body: { id: 'pi_test_1', status: 'succeeded' } })
    api.answer('GET', PATHS.status('pi_test_1'), { status: 200, body: { credited: false } })
    const updated = vi.fn()
    window.addEventListener('credits-updated', updated)
    startFakeClock()
    const { user, onClose } = renderPaymentDialog({ userOptions: { advanceTimers: vi.advanceTimersByTime } })
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await balanceAsked(api)
    await typeCard(user, '4242 4242 4242 4242')
    await user.click(payButton())

    // Each check's retry delay passes on the fake clock, not in real time.
    await advanceUntil(PAYMENT_STATUS_POLL_MS, () => expect(inDialog().getByRole('status')).toHaveTextContent(new RegExp(`^${PENDING.replace(/\./g, '\\.')}$`)))
    expect(api.seen('GET', PATHS.status('pi_test_1'))).toHaveLength(PAYMENT_STATUS_MAX_ASKS)
    expect(inDialog().getByRole('status')).toHaveFocus()
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument()
    expect(inDialog().queryByRole('form')).not.toBeInTheDocument()
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(2))

    // No closing by itself: the clerk reads it and closes.
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_SUCCESS_CLOSE_MS * 5))
    expect(onClose).not.toHaveBeenCalled()
    // The footer's Close (the title bar's close button has the same name).
    const close = inDialog()
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close')
    await user.click(close!)
    expect(onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(3))
    await waitFor(() => expect(updated).toHaveBeenCalledTimes(2))
    window.removeEventListener('credits-updated', updated)
  })
})
