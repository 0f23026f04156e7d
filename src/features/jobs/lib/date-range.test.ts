import { describe, expect, it } from 'vitest'
import { dashboardRangeMs, defaultDateRange, formatRangeDay, parseRangeDay, sameRange } from './date-range'

describe('defaultDateRange', () => {
  it('runs from today minus 7 days to today, shown dd/MM/yyyy', () => {
    const range = defaultDateRange(new Date(2024, 2, 5, 14, 45))
    expect(formatRangeDay(range.start)).toBe('27/02/2024')
    expect(formatRangeDay(range.end)).toBe('05/03/2024')
  })

  it('is the same range whenever it is asked for on the same day', () => {
    expect(sameRange(defaultDateRange(new Date(2024, 2, 5, 0, 0)), defaultDateRange(new Date(2024, 2, 5, 23, 59)))).toBe(true)
    expect(sameRange(defaultDateRange(new Date(2024, 2, 5)), defaultDateRange(new Date(2024, 2, 6)))).toBe(false)
  })
})

describe('dashboardRangeMs', () => {
  it('asks from the start day at 00:00:00.000 to the end day at 23:59:59.999, local time', () => {
    const range = defaultDateRange(new Date(2024, 2, 5, 14, 45))
    expect(dashboardRangeMs(range)).toEqual({
      startMs: new Date(2024, 1, 27, 0, 0, 0, 0).getTime(),
      endMs: new Date(2024, 2, 5, 23, 59, 59, 999).getTime(),
    })
  })
})

describe('parseRangeDay', () => {
  it('reads dd/MM/yyyy as a local day', () => {
    expect(parseRangeDay('05/03/2024')).toEqual(new Date(2024, 2, 5))
    expect(parseRangeDay(' 29/02/2024 ')).toEqual(new Date(2024, 1, 29))
  })

  it.each(['', '5/3/2024', '05/03/24', '2024-03-05', '31/02/2024', '29/02/2023', '05/13/2024', '05/03/2024 10:00', 'abc'])('refuses %j', (text) => {
    expect(parseRangeDay(text)).toBeNull()
  })
})
