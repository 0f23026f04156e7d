// Test mode's card form as the clerk types into it (issue 24 item 19): the card number grouped in
// fours, the expiry as "MM / YY" with the slash put in. Stripe mode's fields are Stripe Elements,
// which format themselves.
import { describe, expect, it } from 'vitest'
import { cardNumber, expiry, inDialog, PATHS, payButton, renderPaymentDialog, setUpPaymentApi } from '../testing/payment-test-kit'

const { api, serve } = setUpPaymentApi()

describe('TestCardForm: what the clerk types', () => {
  it('groups the card number in fours as it is typed, and takes a pasted number with spaces', async () => {
    serve()
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await user.type(cardNumber(), '42424')
    expect(cardNumber()).toHaveValue('4242 4')
    await user.type(cardNumber(), '24242424242')
    expect(cardNumber()).toHaveValue('4242 4242 4242 4242')
    await user.clear(cardNumber())
    await user.click(cardNumber())
    await user.paste('4000-0000-0000-0002')
    expect(cardNumber()).toHaveValue('4000 0000 0000 0002')
  })

  it('puts the slash into the expiry: "1229" typed becomes "12 / 29", and Backspace takes it away again', async () => {
    serve()
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await user.type(expiry(), '12')
    expect(expiry()).toHaveValue('12 / ')
    await user.type(expiry(), '29')
    expect(expiry()).toHaveValue('12 / 29')
    await user.type(expiry(), '{Backspace}{Backspace}')
    expect(expiry()).toHaveValue('12')
    await user.clear(expiry())
    // A slash typed by the clerk is not doubled; a month from 2 to 9 gets its leading 0.
    await user.type(expiry(), '08/29')
    expect(expiry()).toHaveValue('08 / 29')
    await user.clear(expiry())
    await user.type(expiry(), '829')
    expect(expiry()).toHaveValue('08 / 29')
  })

  it('pays with what the formatted fields hold', async () => {
    serve()
    const { user } = renderPaymentDialog()
    await inDialog().findByRole('button', { name: 'Pay £20.00' })
    await user.type(cardNumber(), '4242424242424242')
    await user.type(expiry(), '1234')
    await user.type(inDialog().getByRole('textbox', { name: /^Security code/ }), '123')
    await user.click(payButton())
    await expect.poll(() => api.seen('POST', PATHS.confirm)[0]?.body).toMatchObject({ card_number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' })
  })
})
