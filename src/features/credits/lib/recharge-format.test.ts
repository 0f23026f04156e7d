import { describe, expect, it } from 'vitest'
import { formatCredits } from '@/lib/credits'
import { cutRemarks, formatHistoryDate, formatMoney, formatPlanCredits } from './recharge-format'

describe('recharge-format', () => {
  it.each([
    [20, 'gbp', '£20.00'],
    [95.5, 'GBP', '£95.50'],
    [1250, 'usd', 'US$1,250.00'],
    [12.34, 'eur', '€12.34'],
  ])('writes %d %s as %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown)
  })

  it('writes an amount in a code Intl refuses with the code itself', () => {
    expect(formatMoney(20, 'pounds')).toBe('20.00 POUNDS')
  })

  it('writes plan credits without decimals they lack, transaction credits with two', () => {
    expect([formatPlanCredits(100), formatPlanCredits(12.5), formatPlanCredits(1000), formatPlanCredits(1234.567)]).toEqual(['100', '12.5', '1,000', '1,234.57'])
    expect([formatCredits(100), formatCredits(12.345), formatCredits(0.1)]).toEqual(['100.00', '12.35', '0.10'])
  })

  it('writes history dates dd/mm/yyyy hh:mm in local time, and an unreadable one as given', () => {
    expect(formatHistoryDate('2026-11-21T17:45:30')).toBe('21/11/2026 17:45')
    expect(formatHistoryDate('2026-01-03T08:07:00')).toBe('03/01/2026 08:07')
    expect(formatHistoryDate('yesterday')).toBe('yesterday')
  })

  it('cuts remarks longer than 30 characters at 30 with an ellipsis', () => {
    expect(cutRemarks('a'.repeat(30))).toBe('a'.repeat(30))
    expect(cutRemarks('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`)
    expect(cutRemarks('')).toBe('')
  })
})
