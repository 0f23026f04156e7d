import { describe, expect, it } from 'vitest'
import { billableMinutes, priceCredits } from './pricing.ts'

describe('pricing', () => {
  it('counts started minutes, with a minimum of one', () => {
    expect(billableMinutes(0.4)).toBe(1)
    expect(billableMinutes(60)).toBe(1)
    expect(billableMinutes(60.001)).toBe(2)
    expect(billableMinutes(1830)).toBe(31)
  })

  it('prices to the cent', () => {
    expect(priceCredits(1.6, 61)).toBe(3.2)
    expect(priceCredits(0.5, 30)).toBe(0.5)
    expect(priceCredits(1.4, 10 * 60 + 1)).toBe(15.4)
  })
})
