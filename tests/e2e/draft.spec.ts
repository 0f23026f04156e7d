// The Create Job draft kept on the device (issue 12), in a real Chromium against the real server:
// step 1 filled with a 50 MB recording comes back after a reload, a reload offline (the service
// worker serves the shell), a new page that signs in again, the browser closed and started again on
// the same profile (a persistent context: an incognito one keeps IndexedDB in memory) and a Logout,
// with the stored audio
// bit for bit (SHA-256 of the Blob in the page's IndexedDB against the file on disk); another clerk
// on the same browser sees nothing; a restored draft is priced and submitted, which erases it.
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { CHROMIUM_ARGS, testChromiumPath } from './support/chromium.ts'
import { waitForServiceWorkerControl } from './support/installed-app.ts'
import { keptInPage } from './support/kept-draft.ts'
import { acceptAndSubmit } from './support/job-summary.ts'
import { giveCredits } from './support/ops.ts'

let folder = ''
let longVisit = ''
let longVisitSha = ''
let kitchen = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-draft-'))
  // 16 kHz mono 16-bit WAV is 32,000 bytes a second: 1,640 s is just over 50 MB.
  ;[longVisit, kitchen] = await Promise.all([recordAudio(folder, 'long-visit.wav', 1640), recordAudio(folder, 'kitchen.mp3', 75)])
  const bytes = await readFile(longVisit)
  expect(bytes.length).toBeGreaterThan(50 * 1024 * 1024)
  longVisitSha = createHash('sha256').update(bytes).digest('hex')
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function openWizard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Create Job' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
}

const address = (page: Page) => page.getByRole('textbox', { name: /^Property address/ })
const restoredNotice = (page: Page) => page.getByText(/^Draft restored from \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
/** The room is measured once the kept draft has been looked for. */
const roomLine = (page: Page) => page.getByText(/^Room left on this device for drafts: [\d.,]+ (bytes|KB|MB|GB|TB)$/)

async function expectRestored(page: Page, text: string): Promise<void> {
  await expect(restoredNotice(page)).toBeVisible()
  await expect(address(page)).toHaveValue(text)
  await expect(page.getByRole('list', { name: 'Audio files' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Audio files' })).toContainText('long-visit.wav')
  expect(await keptInPage(page)).toEqual({ address: text, files: [{ name: 'long-visit.wav', sha256: longVisitSha }] })
}

/** A new tab signed in (session storage is per tab) and opened at the wizard. */
async function newSignedInPage(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage()
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email, '/create-job')
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  return page
}

test('a draft with 50 MB of audio comes back after a reload, offline, in a new page, in a restarted browser and after Logout; another clerk sees nothing', async ({ baseURL, request }) => {
  const email = uniqueEmail('draft')
  const other = uniqueEmail('draft-other')
  await Promise.all([createClerk(request, email), createClerk(request, other)])
  const profile = await mkdtemp(path.join(tmpdir(), 'inspectscribe-draft-profile-'))
  const startBrowser = () => chromium.launchPersistentContext(profile, { executablePath: testChromiumPath(), args: CHROMIUM_ARGS, baseURL, serviceWorkers: 'allow' })
  let context = await startBrowser()
  try {
    await keepsTheDraft(context, email, other, async () => {
      await context.close()
      context = await startBrowser()
      return context
    })
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})

async function keepsTheDraft(context: BrowserContext, email: string, other: string, restartBrowser: () => Promise<BrowserContext>): Promise<void> {
  let page = await newSignedInPage(context, email)
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  const text = '3 Orchard Cottages, Little Snoring NR21 0AA'
  await address(page).fill(text)
  // The picker is enabled once the allowed file types are known (before that, a file would be refused).
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(longVisit)
  await expect(page.getByText('1 file', { exact: true })).toBeVisible()
  await expect(roomLine(page)).toBeVisible()
  await expect.poll(() => keptInPage(page), { timeout: 60_000 }).toEqual({ address: text, files: [{ name: 'long-visit.wav', sha256: longVisitSha }] })

  // A reload.
  await page.reload()
  await expectRestored(page, text)

  // A reload without a connection: the service worker serves the shell and the lookups.
  await waitForServiceWorkerControl(page)
  await context.setOffline(true)
  await page.reload()
  await expectRestored(page, text)
  await context.setOffline(false)

  // The page closed and another opened (session storage is per tab: the clerk signs in again).
  await page.close()
  page = await newSignedInPage(context, email)
  await expectRestored(page, text)

  // The browser closed and started again on the same profile.
  context = await restartBrowser()
  page = await newSignedInPage(context, email)
  await expectRestored(page, text)

  // Logout keeps it for the clerk's next sign-in.
  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // Another clerk on the same browser: nothing of it.
  await signInThroughForm(page, other)
  await openWizard(page)
  await expect(roomLine(page)).toBeVisible()
  await expect(restoredNotice(page)).toHaveCount(0)
  await expect(address(page)).toHaveValue('')
  await expect(page.getByText('At least one audio file is required to proceed.')).toBeVisible()
  expect(await keptInPage(page)).toBeNull()

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await signInThroughForm(page, email)
  await openWizard(page)
  await expectRestored(page, text)
}

test('a restored draft is priced and submitted, and submitting erases it', async ({ page, request }) => {
  const email = uniqueEmail('draft-submit')
  await createClerk(request, email)
  await giveCredits(email, 10)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email, '/create-job')
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await address(page).fill('14 Willow Crescent, Harrogate HG2 7QD')
  // The picker is enabled once the allowed file types are known (before that, a file would be refused).
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(kitchen)
  await expect.poll(() => keptInPage(page).then((kept) => kept?.files.length)).toBe(1)
  // The job is priced and sent from the restored draft: its audio read back from IndexedDB.
  await page.reload()
  await expect(restoredNotice(page)).toBeVisible()

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText('Total audio length: 1 min 15 s (charged as 2 minutes)')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await acceptAndSubmit(page)
  await expect.poll(() => keptInPage(page)).toBeNull()

  await page.reload()
  await openWizard(page)
  await expect(roomLine(page)).toBeVisible()
  await expect(restoredNotice(page)).toHaveCount(0)
  await expect(address(page)).toHaveValue('')
})
