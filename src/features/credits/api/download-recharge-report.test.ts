// The statement's saved name carries the UTC date, as the server's Content-Disposition does
// (server/src/statements/recharge-statement.ts): near midnight, away from UTC, both name the same day.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rechargeReportFileName } from './download-recharge-report'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('rechargeReportFileName', () => {
  it.each([
    // 23:30 UTC is already the next day in Auckland, and 00:30 UTC still the day before in Los Angeles.
    ['Pacific/Auckland', '2026-11-22T23:30:00Z', 'InspectScribe recharge statement 2026-11-22.pdf'],
    ['America/Los_Angeles', '2026-11-23T00:30:00Z', 'InspectScribe recharge statement 2026-11-23.pdf'],
  ])('names the UTC date in %s at %s', (timeZone, now, name) => {
    vi.stubEnv('TZ', timeZone)
    expect(rechargeReportFileName(new Date(now))).toBe(name)
  })
})
