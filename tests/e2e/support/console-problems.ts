// Errors and warnings a page logs (React reports a hydration mismatch as a console error), less what
// the portal and Playwright say when the service worker is blocked, as playwright.config.ts has it.
import type { Page } from '@playwright/test'
import { OFFLINE_USE_UNAVAILABLE } from '../../../src/lib/offline-use-unavailable.ts'

const saysWorkerBlocked = (text: string) => text === 'Service Worker registration blocked by Playwright' || text.startsWith(OFFLINE_USE_UNAVAILABLE)

/** Collects the page's problems from now on, into the array returned. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !saysWorkerBlocked(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}
