// Prices (decisions.md, Lookups and prices): the rate in credits per started audio minute times the
// minutes, rounded up, with a minimum charge of one minute. Money is integer cents (contract/money.ts):
// the rate is held in whole cents per minute, so the price is an exact integer product.

/** Started minutes of audio: 61 seconds is 2 minutes; anything under a minute is 1. */
export function billableMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60))
}

/** The price in cents of `seconds` of audio at `centsPerMinute` cents per started minute. */
export function priceCents(centsPerMinute: number, seconds: number): number {
  return centsPerMinute * billableMinutes(seconds)
}
