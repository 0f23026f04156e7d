// The statement's words for dates and money, as they are printed in Helvetica.
import { describe, expect, it } from 'vitest'
import { paidText, printable, statementDate } from './statement-pdf.ts'

describe('the recharge statement’s words', () => {
  it('writes a date as dd/mm/yyyy hh:mm in UTC', () => {
    expect(statementDate(new Date('2026-03-04T09:05:59.999Z'))).toBe('04/03/2026 09:05')
    expect(statementDate(new Date('2026-12-31T23:59:00-01:00'))).toBe('01/01/2027 00:59')
  })

  it('writes what was paid with the symbol Helvetica can show, otherwise with the currency’s code', () => {
    expect([paidText(20_00, 'gbp'), paidText(1_234_50, 'EUR'), paidText(7, 'usd'), paidText(0, 'jpy')]).toEqual(['£20.00', '€1234.50', '$0.07', '¥0.00'])
    // Intl's narrow symbol for CHF is its code, and ₹ is not in Helvetica's encoding.
    expect([paidText(20_00, 'chf'), paidText(20_00, 'inr')]).toEqual(['20.00 CHF', '20.00 INR'])
    expect(paidText(5_00, 'not a code')).toBe('5.00 NOT A CODE')
  })

  it('shows a character Helvetica cannot encode as "?", and a line break in a cell as a space', () => {
    expect(printable('Zoë Ångström – “Standard” plan €')).toBe('Zoë Ångström – “Standard” plan €')
    expect(printable('Plan ₹ 😀\r\nfor Łódź')).toBe('Plan ? ? for ?ód?')
  })
})
