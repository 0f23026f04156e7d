// Prices (decisions.md, Lookups and prices): the rate in credits per started audio minute times the
// minutes, rounded up, with a minimum charge of one minute.

/** Started minutes of audio: 61 seconds is 2 minutes; anything under a minute is 1. */
export function billableMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60))
}

/** Credits, to the cent. */
export function priceCredits(creditsPerMinute: number, seconds: number): number {
  return Math.round(creditsPerMinute * billableMinutes(seconds) * 100) / 100
}
