import { describe, expect, it } from 'vitest'
import { formatJobDate, parseJobDate } from './format-job-date'

describe('formatJobDate', () => {
  it.each([
    ['2024-01-01T15:30:00', '01 Jan 2024, 03:30 PM'],
    ['2024-11-09T00:05:00', '09 Nov 2024, 12:05 AM'],
    ['2024-06-30T12:00:00', '30 Jun 2024, 12:00 PM'],
    ['2024-01-01 15:30:00', '01 Jan 2024, 03:30 PM'],
    ['2024-01-01 15:30:00.123456', '01 Jan 2024, 03:30 PM'],
    ['05/02/2024 09:15', '05 Feb 2024, 09:15 AM'],
    ['05/02/2024 21:15:59', '05 Feb 2024, 09:15 PM'],
    ['05/02/2024', '05 Feb 2024, 12:00 AM'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatJobDate(value)).toBe(shown)
  })

  it('reads an ISO time with an offset in local time', () => {
    expect(formatJobDate(new Date(2024, 0, 1, 15, 30).toISOString())).toBe('01 Jan 2024, 03:30 PM')
  })

  it('reads the server\'s own format (toISOString) to the same instant as any ISO reading', () => {
    const created = new Date(2024, 1, 29, 23, 59, 58, 7)
    expect(parseJobDate(created.toISOString())).toEqual(created)
    expect(formatJobDate(created.toISOString())).toBe('29 Feb 2024, 11:59 PM')
    expect(parseJobDate('2024-01-01T24:00:00.000Z')).toEqual(new Date(Date.UTC(2024, 0, 2)))
  })

  it.each(['2024-02-30T10:00:00.000Z', '2023-02-29T10:00:00.000Z', '2024-04-31T00:00:00.000Z'])(
    'refuses %s, a day its month does not have, though the browser would roll it over',
    (value) => {
      expect(parseJobDate(value)).toBeNull()
      expect(formatJobDate(value)).toBeNull()
    },
  )

  it('reads ms timestamps, as numbers and as digit strings, and Date objects', () => {
    const ms = new Date(2024, 2, 3, 7, 8).getTime()
    expect(formatJobDate(ms)).toBe('03 Mar 2024, 07:08 AM')
    expect(formatJobDate(String(ms))).toBe('03 Mar 2024, 07:08 AM')
    expect(formatJobDate(new Date(ms))).toBe('03 Mar 2024, 07:08 AM')
  })

  it.each([undefined, null, '', '   ', 'not a date', '2024-13-45T99:99:99', '31/02/2024', Number.NaN, new Date('x')])(
    'gives null for %j',
    (value) => {
      expect(formatJobDate(value)).toBeNull()
      expect(parseJobDate(value)).toBeNull()
    },
  )
})

describe('parseJobDate', () => {
  it('reads dd/MM/yyyy as a local day, not as month first', () => {
    expect(parseJobDate('05/02/2024')).toEqual(new Date(2024, 1, 5))
  })
})
