// The Create Job wizard without a connection, against the real server
// (docs/decisions/wizard-without-a-connection.md): step 1's Next pressed offline says so, sends nothing and
// loses
// nothing, and the wizard reaches step 2 by itself once the connection is back; going back to step 1
// and on again does not upload the audio a second time (the server is asked whether it still holds
// the folder); a submit offline sends nothing until the clerk presses Try again.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page, Request } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { waitForServiceWorkerControl } from './support/installed-app.ts'
import { giveCredits } from './support/ops.ts'

// The service worker is this spec's subject: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

const OFFLINE_COST = 'You are offline. The cost will be calculated as soon as the connection is back. Everything you entered is kept.'
const OFFLINE_SUBMIT = 'You are offline. The job has not been sent. Everything you entered is kept: press Try again when the connection is back.'
const BALANCE_UNKNOWN = 'Your credit balance could not be read, so the job cannot be priced against it yet.'
const ADDRESS = '3 Mill Cottages, Upper Wharfedale BD23 5JP'

let folder = ''
test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-create-job-offline-'))
  await recordAudio(folder, 'cellar.mp3', 75)
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** Every API call the page sends, by method and path (query left off). */
function watchApi(page: Page): { sent: (method: string, pattern: RegExp) => number } {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request)
  })
  return { sent: (method, pattern) => requests.filter((request) => request.method() === method && pattern.test(new URL(request.url()).pathname)).length }
}

async function signedInClerk(page: Page): Promise<void> {
  const email = uniqueEmail('create-job-offline')
  await createClerk(page.request, email)
  await giveCredits(email, 10)
  await page.setViewportSize({ width: 1280, height: 900 })
  // Straight into the wizard: signing in is not what these tests are about.
  await signInThroughApi(page, email, '/create-job')
}

test('the wizard opens offline after a reload, step 1 can be filled with its lookups and files, and the balance and profile that failed offline are read again once online', async ({ page, context }) => {
  await signedInClerk(page)
  const api = watchApi(page)
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await waitForServiceWorkerControl(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await expect(page.getByRole('option', { name: 'Inventory' })).toBeAttached()
  await page.getByRole('textbox', { name: /^Property address/ }).fill(ADDRESS)
  // The picker is enabled once the allowed file types are known (before that, a file would be refused).
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(path.join(folder, 'cellar.mp3'))
  await expect(page.getByText('1 file', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText(OFFLINE_COST)).toBeVisible()
  expect(api.sent('POST', /^\/api\/clerk\/calculate-cost$/)).toBe(0)
  // As a clerk filling the step takes longer than the queries' retries: the balance has failed.
  await expect(page.getByText('Could not load credit')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  expect(api.sent('POST', /^\/api\/clerk\/calculate-cost$/)).toBe(1)
  // Issue 24 item 13: what failed while offline (the balance, the profile) is asked again once the
  // connection is back, so the job is priced against the balance and the header has the clerk's name.
  await expect(page.getByText('Total Credit').locator('..')).toContainText('10.00')
  await expect(page.getByText('Could not load credit')).toHaveCount(0)
  await expect(page.getByText(BALANCE_UNKNOWN)).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: /Jordan Fieldclerk/ })).toBeVisible()
})

test('calculate-cost offline says so, loses nothing, carries on once online, and never uploads the audio twice', async ({ page, context }) => {
  await signedInClerk(page)
  const api = watchApi(page)
  const uploads = () => api.sent('POST', /^\/api\/clerk\/calculate-cost$/)
  const folderChecks = () => api.sent('GET', /^\/api\/clerk\/calculate-cost\/[^/]+$/)

  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await page.getByRole('textbox', { name: /^Property address/ }).fill(ADDRESS)
  // The picker is enabled once the allowed file types are known (before that, a file would be refused).
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(path.join(folder, 'cellar.mp3'))
  await expect(page.getByText('1 file', { exact: true })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText(OFFLINE_COST)).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Property address/ })).toHaveValue(ADDRESS)
  await expect(page.getByRole('button', { name: 'Remove cellar.mp3' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  expect(uploads()).toBe(0)

  // Back online: the Next pressed offline carries on by itself.
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText('Total audio length: 1 min 15 s (charged as 2 minutes)')
  expect(uploads()).toBe(1)

  // Back to step 1 and on again: the server still holds the folder, so the audio is not sent again.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  expect(folderChecks()).toBe(1)
  expect(uploads()).toBe(1)

  // The submit offline sends nothing, not even once the connection is back, until Try again.
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'I understand that the quality of the transcript depends on the quality of the input audio.' }).check()
  await page.getByRole('checkbox', { name: 'I understand that credits are not refundable once the job is submitted.' }).check()
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_SUBMIT })).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled()
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_SUBMIT })).toBeVisible()
  expect(api.sent('POST', /^\/api\/clerk\/create-job$/)).toBe(0)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('listitem', { name: /^Job created successfully! Job ID: \d+$/ })).toBeVisible()
  expect(api.sent('POST', /^\/api\/clerk\/create-job$/)).toBe(1)
  expect(uploads()).toBe(1)
})
