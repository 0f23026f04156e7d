// The browser's time zone for the e2e run: one where it is now between 12:00 and 13:00, on the same
// calendar date as UTC. Several specs move the page's clock on by 15 to 40 minutes (the token's life,
// the inactivity logout, the 60 s refresh); a run near local midnight then changed the day, so the
// job list's range (whole days, its query key and ETag) changed too, and a list "unchanged" since
// the last refresh came back as a new one (200 where the spec expects 304). At midday the clock can
// move 11 hours before the date turns.

/** An IANA zone (Etc/GMT±N: POSIX signs, so Etc/GMT-3 is UTC+3) in which `now` is 12:xx. */
export function middayTimeZone(now: Date = new Date()): string {
  const offsetHours = 12 - now.getUTCHours() // from +12 (at 00:xx UTC) to -11 (at 23:xx UTC)
  if (offsetHours === 0) return 'Etc/GMT'
  return offsetHours > 0 ? `Etc/GMT-${offsetHours}` : `Etc/GMT+${-offsetHours}`
}
