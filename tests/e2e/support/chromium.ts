// Debian's Chromium, launched the way this workplace needs: Playwright's own browser download is
// not available here, and without these flags Chromium keeps dialling hosts it cannot reach.
import { existsSync } from 'node:fs'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

function firstPresent(candidates: (string | undefined)[]): string | undefined {
  return candidates.find((p): p is string => !!p && existsSync(p))
}

/** The full browser: what the bench measures pages with (Lighthouse's figures are a full Chromium's). */
export function chromiumPath(): string {
  const found = firstPresent([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
  if (!found) {
    throw new Error('Chromium is missing: install Debian\'s package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.')
  }
  return found
}

/**
 * What the end-to-end tests run in: Debian's headless shell of the same Chromium when it is there (the
 * browser Playwright itself runs headless tests in), else the full browser. The shell has no browser
 * window layer to drive, and the whole e2e suite takes about a quarter less CPU in it
 * (docs/research/test-suite-time.md); the pages, their engine and their service workers are the same.
 */
export function testChromiumPath(): string {
  return firstPresent([process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell']) ?? chromiumPath()
}
