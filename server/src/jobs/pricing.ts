// Prices (decisions.md, Lookups and prices): the rate in credits per started audio minute times the
// minutes, rounded up, with a minimum charge of one minute. The minutes are counted from the length
// rounded to the nearest whole second, the length the clerk is shown (docs/decisions/whole-seconds-before-minutes.md):
// an encoder's few milliseconds of padding must not start a minute. Money is integer cents (contract/money.ts):
// the rate is held in whole cents per minute, so the price is an exact integer product.

/** Started minutes of audio: 60.499 s is 60 s and 1 minute; 60.5 s is 61 s and 2 minutes; anything under a minute is 1. */
export function billableMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(Math.round(seconds) / 60))
}

/** The price in cents of `seconds` of audio at `centsPerMinute` cents per started minute. */
export function priceCents(centsPerMinute: number, seconds: number): number {
  return centsPerMinute * billableMinutes(seconds)
}
