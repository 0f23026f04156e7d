import { describe, expect, it } from 'vitest'
import { formatCents, parseCents } from '@contract/money.ts'
import { billableMinutes, priceCents } from './pricing.ts'

/** A rate as the database sends a numeric, in cents. */
const rate = (text: string) => {
  const parsed = parseCents(text)
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.cents
}

describe('pricing', () => {
  it('counts started minutes, with a minimum of one', () => {
    expect(billableMinutes(0.4)).toBe(1)
    expect(billableMinutes(60)).toBe(1)
    expect(billableMinutes(60.5)).toBe(2)
    expect(billableMinutes(61)).toBe(2)
    expect(billableMinutes(1830)).toBe(31)
  })

  it('rounds the length to the nearest second before counting started minutes (issue 24, item 2)', () => {
    // A 12-minute MP3 reads 720.014 s: its encoder's padding. It is shown as 12 min 0 s and charged 12 minutes.
    expect(billableMinutes(720.014)).toBe(12)
    expect(billableMinutes(720.499)).toBe(12)
    expect(billableMinutes(720.5)).toBe(13)
    expect(priceCents(rate('1.40'), 720.014)).toBe(12 * 140)
  })

  it('prices in whole cents', () => {
    expect(priceCents(rate('1.60'), 61)).toBe(320)
    expect(priceCents(rate('0.50'), 30)).toBe(50)
    expect(priceCents(rate('1.40'), 10 * 60 + 1)).toBe(1540)
  })

  it('prices exactly where multiplying credits as floating point is off', () => {
    // 0.29 × 3 is 0.8699999999999999 and 1.15 × 3 is 3.4499999999999997 in floating point.
    expect(0.29 * 3).not.toBe(0.87)
    expect(formatCents(priceCents(rate('0.29'), 3 * 60))).toBe('0.87')
    expect(formatCents(priceCents(rate('1.15'), 3 * 60))).toBe('3.45')
    expect(formatCents(priceCents(rate('0.10'), 3 * 60))).toBe('0.30')
    expect(formatCents(priceCents(rate('0.10'), 1000 * 60))).toBe('100.00')
    expect(formatCents(priceCents(rate('99999.99'), 600 * 60))).toBe('59999994.00')
  })

  it('agrees with integer arithmetic on the decimal text for every rate to 9.99 and up to 3 hours', () => {
    const wrong: string[] = []
    for (let cents = 1; cents < 1000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
      for (let minutes = 1; minutes <= 180; minutes++) {
        const exact = cents * minutes
        const expected = `${Math.floor(exact / 100)}.${String(exact % 100).padStart(2, '0')}`
        const price = formatCents(priceCents(rate(text), minutes * 60))
        if (price !== expected) wrong.push(`${text} × ${minutes}: ${price}, not ${expected}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
