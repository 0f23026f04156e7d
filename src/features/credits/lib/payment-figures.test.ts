import { describe, expect, it } from 'vitest'
import { isValidPaymentAmount } from './payment-figures'

describe('payment figures', () => {
  it.each([
    [50, true],
    [0.01, true],
    [0, false],
    [-5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['50', false],
    [null, false],
    [undefined, false],
  ])('takes %j as a payment amount: %s', (amount, valid) => {
    expect(isValidPaymentAmount(amount)).toBe(valid)
  })
})
