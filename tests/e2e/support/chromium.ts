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

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p)
  const found = candidates.find((p) => existsSync(p))
  if (!found) {
    throw new Error('Chromium is missing: install Debian\'s package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.')
  }
  return found
}
