import { describe, expect, it } from 'vitest'
import { formatNotificationTime } from './format-notification-time'

describe('formatNotificationTime', () => {
  it.each([
    ['2024-01-01T15:30:00', '01 Jan 2024, 03:30 PM'],
    ['2024-11-09T00:05:00', '09 Nov 2024, 12:05 AM'],
    ['2024-06-30T12:00:00', '30 Jun 2024, 12:00 PM'],
  ])('shows %s as %s', (createdAt, shown) => {
    expect(formatNotificationTime(createdAt)).toBe(shown)
  })

  it('reads an ISO time with an offset in local time', () => {
    const createdAt = new Date(2024, 0, 1, 15, 30).toISOString()
    expect(formatNotificationTime(createdAt)).toBe('01 Jan 2024, 03:30 PM')
  })

  it.each([undefined, null, '', 'not a date', '2024-13-45T99:99:99'])('shows %j as "Unknown time"', (createdAt) => {
    expect(formatNotificationTime(createdAt)).toBe('Unknown time')
  })
})
