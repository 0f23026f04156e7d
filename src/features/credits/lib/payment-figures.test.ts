import { describe, expect, it } from 'vitest'
import { formatCredits, formatPrice, isValidPaymentAmount } from './payment-figures'

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

  it('shows a price in its currency', () => {
    expect(formatPrice(20, 'gbp')).toBe('£20.00')
    expect(formatPrice(12.5, 'EUR')).toBe('€12.50')
    expect(formatPrice(3, 'zz')).toBe('3.00 ZZ')
  })

  it('shows credits without needless decimals', () => {
    expect(formatCredits(50)).toBe('50')
    expect(formatCredits(12.5)).toBe('12.5')
    expect(formatCredits(1234.567)).toBe('1,234.57')
  })
})
