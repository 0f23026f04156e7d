// Sizes of files in words, for people (upload progress, file lists, limits). Binary units, as the
// limits themselves are (20 MB = 20 × 1024 × 1024 bytes).

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })

/** 0 → "0 bytes", 1 → "1 byte", 1536 → "1.5 KB", 13107200 → "12.5 MB", 2147483648 → "2 GB". */
export function formatBytes(bytes: number): string {
  const whole = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0
  if (whole < 1024) return whole === 1 ? '1 byte' : `${whole} bytes`
  let value = whole / 1024
  let unit = 0
  // Rounded to one decimal, 1023.96 KB would read "1,024 KB": move up a unit instead.
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${NUMBER.format(value)} ${UNITS[unit]}`
}
