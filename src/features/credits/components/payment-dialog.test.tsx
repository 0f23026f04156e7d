// The Payment dialog (portal-spec.md §2, §4, §5, §8, §9; issue 13) against the server's answers of
// contract/payments.ts: what is bought, test mode's card form, the success and its 2 s close, offline,
// a double tap, a fresh start for each opening. Its failures are in payment-failures.test.tsx, Stripe
// mode in stripe-payment.test.tsx.
import { useState } from 'react'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderWithPortal, waitForDialogClosed } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { balanceAsked, cardNumber, cvc, expiry, inDialog, intentAnswer, PATHS, payButton, renderPaymentDialog, setUpPaymentApi, STANDARD_PLAN, summary, typeCard } from '../testing/payment-test-kit'
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

async function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  await act(async () => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
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

  it("shows the credits the server's intent will add, not the plan's credit_value read earlier", async () => {
    serve({ intent: intentAnswer({ credits: 25 }) })
    renderPaymentDialog({ plan: { ...STANDARD_PLAN, credit_value: 20 } })
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    expect(summary()).toEqual(['Plan: Standard plan', 'Credits to add: 25', 'Price: £20.00'])
  })

  it('without a plan, asks for the default payment of 50', async () => {
    serve({ intent: intentAnswer({ amount: 50, credits: 50 }) })
    renderPaymentDialog({ plan: null })
    await inDialog().findByRole('button', { name: 'Pay £50.00' })
    expect(summary()).toEqual(['Plan: Default payment', 'Credits to add: 50', 'Price: £50.00'])
    expect(api.seen('POST', PATHS.intent).map((request) => request.body)).toEqual([{ amount: 50 }])
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
    // The Pay button that had the focus is gone: the focus is on the outcome, inside the dialog.
    expect(inDialog().getByRole('status')).toHaveFocus()
    await frozen.settle(() => expect(api.seen('GET', '/profile')).toHaveLength(2))
    expect(updated).toHaveBeenCalledTimes(1)
    window.removeEventListener('credits-updated', updated)
    expect(inDialog().queryByRole('form')).not.toBeInTheDocument()
    await frozen.advance(1_999)
    expect(onClose).not.toHaveBeenCalled()
    await frozen.advance(1)
    expect(onClose).toHaveBeenCalledTimes(1)
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


describe('PaymentDialog: offline', () => {
  it('says payments need a connection and sends nothing; back online it carries on', async () => {
    serve()
    // Offline since the page opened: no event was heard (TanStack Query's onlineManager still says online).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderPaymentDialog()
    expect(inDialog().getByRole('status')).toHaveTextContent(new RegExp(`^${OFFLINE.replace(/\./g, '\\.')}$`))
    await balanceAsked(api)
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
