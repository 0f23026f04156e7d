// The session without a connection (docs/decisions/session-without-a-connection.md), against the real
// server, the real service worker and the page's own clock: an offline
// reload past the access token's life keeps the clerk on the stored job list and carries on once the
// connection is back; a device clock 20 minutes fast signs in and stays signed in without a refresh storm.
import type { Page, Request } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { createDemoJobs } from './support/ops.ts'
import { waitForServiceWorkerControl } from './support/installed-app.ts'
import { keptInPage } from './support/kept-draft.ts'
import { jobListStoredInPage } from './support/offline-jobs.ts'

// The service worker is this spec's subject: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

const OFFLINE_BANNER = 'You are offline. Showing what was stored on this device.'
const MINUTE = 60_000

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Jobs' })
const jobRows = (page: Page) => jobsTable(page).getByRole('row').filter({ hasNot: page.getByRole('columnheader') })
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_BANNER })

/**
 * Moves the page's clock on by `minutes`, one minute at a time with a mouse move before each, as a
 * clerk at work: the inactivity logout (15 minutes without activity) must not be what the test sees.
 * Each jump runs the timers that fall due in it once (the keep-alive's among them).
 */
/**
 * Moves the mouse and the page's clock a minute at a time. With `inFlight`, each minute waits until no
 * request it counts is still on its way: the fake clock then never runs ahead of a real answer (on a
 * busy machine a refresh answered "minutes" late on the page's clock would move the next one).
 */
async function workFor(page: Page, minutes: number, inFlight?: () => number): Promise<void> {
  for (let minute = 0; minute < minutes; minute++) {
    await page.mouse.move(200 + (minute % 2) * 40, 300)
    await page.clock.fastForward(MINUTE)
    if (inFlight) await expect.poll(inFlight).toBe(0)
  }
}

/** Whether the session storage's expiry has passed on the page's clock. */
const tokenExpiredInPage = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('token_expiry')) <= Date.now())

const DRAFT_ADDRESS = 'The Old Dairy, Cellar Lane, Ludlow SY8 1AA'

/** Leaves the filled wizard by a sidebar link, through "Leave this page?". */
async function leaveWizardFor(page: Page, link: string): Promise<void> {
  await page.getByRole('link', { name: link }).click()
  await page.getByRole('alertdialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click()
}

const isRefresh = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/refresh-token'

test('an offline reload 20 minutes after the last refresh shows the stored list and the draft, and the session carries on once online', async ({ page, context, request }) => {
  const email = uniqueEmail('basement')
  await createClerk(request, email)
  await createDemoJobs(email, 6)
  await page.clock.install()
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughForm(page, email)
  await expect(jobRows(page)).toHaveCount(6)
  await waitForServiceWorkerControl(page)
  // The offline copy of the list is on the device (written within a second of the answer).
  await expect.poll(() => jobListStoredInPage(page)).toBe(true)

  // A draft begun before the signal goes: kept on the device as it is typed.
  await page.getByRole('link', { name: 'Create Job' }).click()
  await page.getByRole('textbox', { name: /^Property address/ }).fill(DRAFT_ADDRESS)
  await expect.poll(async () => (await keptInPage(page))?.address).toBe(DRAFT_ADDRESS)
  await leaveWizardFor(page, 'My Jobs')
  await expect(jobRows(page)).toHaveCount(6)

  await context.setOffline(true)
  await expect(offlineBanner(page)).toBeVisible()
  // The keep-alive's moment (14 minutes) passes with no connection: the token runs out at 15.
  await workFor(page, 20)
  expect(await tokenExpiredInPage(page)).toBe(true)

  await page.reload()
  await expect(page).toHaveURL(/\/my-jobs$/)
  await expect(offlineBanner(page)).toBeVisible()
  await expect(jobRows(page)).toHaveCount(6)
  await expect(page.getByRole('status').filter({ hasText: /^You are offline\. Showing (your jobs as they were at|the last list stored on this device)/ })).toBeVisible()
  expect(await tokenExpiredInPage(page)).toBe(true)
  // The draft too, still offline and with the token expired.
  await page.getByRole('link', { name: 'Create Job' }).click()
  await expect(page.getByText(/^Draft restored from \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Property address/ })).toHaveValue(DRAFT_ADDRESS)
  await leaveWizardFor(page, 'My Jobs')
  await expect(jobRows(page)).toHaveCount(6)

  // Back online: one refresh through the refresh cookie, and a protected call then succeeds.
  const refreshed = page.waitForResponse((response) => isRefresh(response.request()))
  await context.setOffline(false)
  expect((await refreshed).status()).toBe(200)
  await expect(offlineBanner(page)).toBeHidden()
  expect(await tokenExpiredInPage(page)).toBe(false)
  const dashboard = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/clerk/dashboard')
  await page.getByRole('button', { name: 'Refresh' }).click()
  // Accepted, not a 403; and as nothing changed, a 304 for the list the page kept (its ETag).
  expect((await dashboard).status()).toBe(304)
  await expect(page).toHaveURL(/\/my-jobs$/)
  await expect(jobRows(page)).toHaveCount(6)
})

test('the Create Job wizard opens offline with its lists and allowed file types from the service worker’s cache', async ({ page, context, request }) => {
  const email = uniqueEmail('nosignal')
  await createClerk(request, email)
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughForm(page, email)
  await waitForServiceWorkerControl(page)

  // Never opened online: the allowed file types and turnaround slots are not in the job list's offline copy.
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Create Job' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(offlineBanner(page)).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await expect(page.getByText(/^Drop audio files here or choose them\. Accepted: .*mp3/)).toBeVisible()
  await expect(page.getByLabel('Audio files')).toBeEnabled()
})

test('a device clock 20 minutes fast signs in and stays signed in, refreshing about every 14 minutes, not in a storm', async ({ page, request }) => {
  const email = uniqueEmail('fastclock')
  await createClerk(request, email)
  await page.clock.install()
  await page.clock.setSystemTime(Date.now() + 20 * MINUTE)
  let refreshes = 0
  let refreshesAnswered = 0
  page.on('request', (sent) => {
    if (isRefresh(sent)) refreshes++
  })
  const answered = (done: Request) => {
    if (isRefresh(done)) refreshesAnswered++
  }
  page.on('requestfinished', answered)
  page.on('requestfailed', answered)

  await signInThroughForm(page, email)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  // The server's exp is already 5 minutes behind this clock; the session does not care.
  expect(await tokenExpiredInPage(page)).toBe(false)

  await workFor(page, 30, () => refreshes - refreshesAnswered)
  await expect(page).toHaveURL(/\/my-jobs$/)
  // At 14 and 28 minutes (one more at most if an answer came in a minute late); a loop makes dozens.
  // The last minute's refresh may still be on its way: wait for it to be answered.
  await expect.poll(() => refreshes - refreshesAnswered).toBe(0)
  expect(refreshes).toBeGreaterThanOrEqual(2)
  expect(refreshes).toBeLessThanOrEqual(3)
  expect(await tokenExpiredInPage(page)).toBe(false)
  const dashboard = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/clerk/dashboard')
  await page.getByRole('button', { name: 'Refresh' }).click()
  // Accepted, not a 403; and as nothing changed, a 304 for the list the page holds (its ETag).
  expect((await dashboard).status()).toBe(304)
  await expect(page).toHaveURL(/\/my-jobs$/)
})
