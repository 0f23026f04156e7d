import { describe, expect, it } from 'vitest'
import { dashboardRangeMs, defaultDateRange, formatRangeDay, parseRangeDay, readRangeDay, sameRange } from './date-range'

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
  it('reads dd/MM/yyyy as a local day, with one or two digits for the day and month', () => {
    expect(parseRangeDay('05/03/2024')).toEqual(new Date(2024, 2, 5))
    expect(parseRangeDay(' 29/02/2024 ')).toEqual(new Date(2024, 1, 29))
    expect(parseRangeDay('5/3/2024')).toEqual(new Date(2024, 2, 5))
  })

  it('reads the first and last days the server takes in every time zone: 02/01/1970 and 30/12/9999', () => {
    expect(parseRangeDay('02/01/1970')).toEqual(new Date(1970, 0, 2))
    expect(parseRangeDay('30/12/9999')).toEqual(new Date(9999, 11, 30))
  })

  it.each(['01/01/1970', '31/12/1969', '01/01/0001', '15/06/1900', '31/12/9999'])('refuses %j as out of range, with its own reason', (text) => {
    expect(parseRangeDay(text)).toBeNull()
    expect(readRangeDay(text)).toEqual({ day: null, problem: 'out-of-range' })
  })

  it.each(['', '005/3/2024', '05/03/24', '2024-03-05', '31/02/2024', '29/02/2023', '05/13/2024', '05/03/2024 10:00', 'abc'])('refuses %j', (text) => {
    expect(parseRangeDay(text)).toBeNull()
    expect(readRangeDay(text)).toEqual({ day: null, problem: 'format' })
  })
})
