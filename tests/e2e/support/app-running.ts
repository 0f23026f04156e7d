// A prerendered page (/login, /my-jobs) shows its screen before the portal's scripts run: a click on
// it then does nothing (no React handler is listening yet). After a reload, a spec waits for React to
// hold the page before it clicks. The sign is React's own mark on its container, which hydrateRoot
// (or createRoot) puts on #root when it starts; from then on React listens for the page's events and
// hydrates what a click reaches first. (signInThroughApi has its own sign, the inactivity timer's first
// look, which a reload does not renew: the kept last activity is already there.)
import type { Page } from '@playwright/test'
import { expect } from './test.ts'

export async function waitForAppToHoldThePage(page: Page): Promise<void> {
  // A limit, not a wait: on a busy 2-core machine the take-over once came after expect's 15 s.
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$'))), { timeout: 60_000 })
    .toBe(true)
}
