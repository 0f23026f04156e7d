// The portal under its Content Security Policy, in a real browser: it loads, shows its own terms page
// in the terms dialog (the one document it may frame), signs in, is installable, and works offline,
// and the browser reports no violation of the policy on the way.
import { test, expect } from '@playwright/test'
import type { BrowserContext } from '@playwright/test'
import { signInThroughForm } from './support/accounts.ts'
import { openInstalledApp, waitForServiceWorkerControl, type InstalledApp } from './support/installed-app.ts'
import { jobListStoredInPage } from './support/offline-jobs.ts'

// The demo clerk a fresh server seeds, with its demo jobs (README).
const DEMO_EMAIL = 'demo.clerk@example.com'
const DEMO_PASSWORD = 'Inspect-Demo-2026'

test.describe.configure({ mode: 'serial' })

let app: InstalledApp
const violations: string[] = []

/** Collects every CSP violation the browser reports: the DOM event in any frame, and console messages. */
async function watchForViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation
      report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  const fromConsole = (text: string) => {
    if (/content security policy/i.test(text)) violations.push(text)
  }
  context.on('console', (message) => fromConsole(message.text()))
  const watchWorker = (worker: { on(event: 'console', listener: (message: { text(): string }) => void): unknown }) =>
    worker.on('console', (message) => fromConsole(message.text()))
  context.serviceWorkers().forEach(watchWorker)
  context.on('serviceworker', watchWorker)
}

test.beforeAll(async () => {
  app = await openInstalledApp()
  await watchForViolations(app.context)
})
test.afterAll(async () => {
  await app?.close()
})

test('the portal is served under the policy and shows its own terms page in the terms dialog', async () => {
  const { page } = app
  const response = await page.goto('/signup')
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")

  await page.getByRole('link', { name: 'Terms and Conditions' }).click()
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' })
  await expect(dialog).toBeVisible()
  const terms = dialog.frameLocator('iframe[title="Terms and Conditions"]')
  await expect(terms.getByRole('heading', { level: 1, name: 'InspectScribe Terms and Conditions' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  expect(violations).toEqual([])
})

test('a clerk signs in, the app is installable, and it works offline, with no violation reported', async () => {
  const { page, context } = app
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughForm(page, DEMO_EMAIL, DEMO_PASSWORD)
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()

  await waitForServiceWorkerControl(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])

  // The job list is kept on the device (written at most once a second); then the network goes.
  await expect.poll(() => jobListStoredInPage(page)).toBe(true)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/^You are offline\. Showing your jobs as they were at /)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
  await context.setOffline(false)

  expect(violations).toEqual([])
})

test('the watch above does see a violation when one happens (an injected inline script)', async () => {
  const { page } = app
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.injected = true'
    document.head.append(script)
  })
  await expect.poll(() => violations.some((text) => text.startsWith('script-src-elem blocked inline'))).toBe(true)
  expect(await page.evaluate(() => 'injected' in window)).toBe(false)
})
