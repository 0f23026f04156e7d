// Create Job against the real server (portal-spec.md §2 wizard): an AI job and a Human job from step 1
// to My Jobs with real audio made by ffmpeg, the low-credit path, leave protection, and a bad file's
// message. Prices follow the seeded rates (server/src/db/seed-data.ts): AI 0.50, Human 24 h 1.60
// credits per started minute.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { notAudioNamedMp3, recordAudio } from './support/audio.ts'
import { expectAccessible } from './support/axe.ts'
import { acceptAndSubmit } from './support/job-summary.ts'
import { giveCredits } from './support/ops.ts'

let folder = ''
/** 75 s and 30 s of tone as MP3 (2 started minutes together, and 2 alone), a template and a photo list. */
const file = (name: string) => path.join(folder, name)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-create-job-'))
  await Promise.all([recordAudio(folder, 'kitchen.mp3', 75), recordAudio(folder, 'hall.mp3', 30), notAudioNamedMp3(folder, 'broken.mp3')])
  await writeFile(file('my-template.txt'), 'Room | Condition | Notes\n')
  await writeFile(file('meter-readings.txt'), 'Electric 01234\nGas 05678\n')
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function signedInClerk(page: Page, credits: number | null): Promise<string> {
  const email = uniqueEmail('create-job')
  await createClerk(page.request, email)
  if (credits !== null) await giveCredits(email, credits)
  await page.setViewportSize({ width: 1280, height: 900 })
  // Straight into the wizard: signing in is not what these tests are about.
  await signInThroughApi(page, email, '/create-job')
  return email
}

/** Waits for the wizard's step 1 to be ready (its report types read). */
async function openWizard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
}

async function fillGeneralInfo(page: Page, address: string, audio: string[]): Promise<void> {
  await page.getByRole('textbox', { name: /^Property address/ }).fill(address)
  // The picker is enabled once the allowed file types are known (before that, a file would be refused).
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(audio.map(file))
  await expect(page.getByText(audio.length === 1 ? '1 file' : `${audio.length} files`, { exact: true })).toBeVisible()
}

test('an AI job goes from step 1 to My Jobs', async ({ page }) => {
  await signedInClerk(page, 10)
  await openWizard(page)
  await fillGeneralInfo(page, '14 Willow Crescent, Harrogate HG2 7QD', ['kitchen.mp3'])
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText('Total audio length: 1 min 15 s (charged as 2 minutes)')
  await expect(page.getByRole('radio', { name: 'AI Only Transcription' })).toBeChecked()
  await expect(page.getByText(/^AI cost:/)).toHaveText('AI cost: 1.00 credits')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Remarks' })).toBeDisabled()
  await expect(page.getByText('Balance credit after purchase: 9.00')).toBeVisible()
  const { jobId, toast } = await acceptAndSubmit(page)
  // The toast outlives the move to My Jobs.
  await expect(toast).toBeVisible()

  await expect(page.getByRole('button', { name: `View details of job ${jobId}`, exact: true })).toBeVisible()
  await expect(page.getByText('Total Credit').locator('..')).toContainText('9.00')
})

test('a Human job with two files, a custom template and an additional file goes to My Jobs', async ({ page }) => {
  await signedInClerk(page, 20)
  await openWizard(page)
  await fillGeneralInfo(page, 'Flat 3, 27 Marlborough Road, Bristol BS6 5AB', ['kitchen.mp3', 'hall.mp3'])
  await expectAccessible(page, 'Create Job step 1, General Info')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Manual or Human Transcription' })).toBeChecked()
  await expectAccessible(page, 'Create Job step 2, Cost')
  await page.getByRole('radio', { name: 'AI Only Transcription' }).check()
  await expect(page.getByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await page.getByRole('radio', { name: 'Manual or Human Transcription' }).check()
  // 105 s: 2 started minutes at 1.60.
  await page.getByRole('radio', { name: 'Human, 24 Hours Standard: 3.20 credits' }).check()
  await expect(page.getByText(/^Selected option:/)).toHaveText('Selected option: Human, 24 Hours Standard, 3.20 credits')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible()
  await page.getByRole('radio', { name: 'Custom template' }).check()
  await page.getByLabel('Template file').setInputFiles(file('my-template.txt'))
  await page.getByLabel('Additional files (optional)').setInputFiles(file('meter-readings.txt'))
  await expect(page.getByRole('button', { name: 'Remove meter-readings.txt' })).toBeVisible()
  await expectAccessible(page, 'Create Job step 3, Documents')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await expect(page.getByText('24 hours', { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Remarks' }).fill('Keys with the letting agent.')
  await expect(page.getByText('Balance credit after purchase: 16.80')).toBeVisible()
  await expectAccessible(page, 'Create Job step 4, Job Summary')
  const { jobId, toast } = await acceptAndSubmit(page)
  await expect(toast).toBeVisible()
  await expect(page.getByRole('button', { name: `View details of job ${jobId}`, exact: true })).toBeVisible()
})

test('with too little credit the cost step warns, keeps Next disabled, and offers Add Credit', async ({ page }) => {
  await signedInClerk(page, null)
  await openWizard(page)
  await fillGeneralInfo(page, '8 Station Approach, Didsbury, Manchester M20 2RE', ['kitchen.mp3'])
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('You have 0.00 credits but this job requires 1.00 credits')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expectAccessible(page, 'Create Job step 2 without enough credit')
  // The warning's own button (the sidebar has one of the same name).
  await page.getByRole('main').getByRole('button', { name: 'Add Credit' }).click()
  await expect(page.getByRole('dialog', { name: 'Add Credit' })).toBeVisible()
})

test('a file that is not audio is refused naming it, and nothing else is lost', async ({ page }) => {
  await signedInClerk(page, 10)
  await openWizard(page)
  await fillGeneralInfo(page, '112 Kingsway, Hove BN3 4FA', ['broken.mp3'])
  await page.getByRole('button', { name: 'Next' }).click()
  // The server's words name the file (server: calculate-cost refuses content that does not decode).
  await expect(page.getByRole('alert').filter({ hasText: 'broken.mp3' })).toHaveText('“broken.mp3” is not audio we can read. Please check the file and try again.')
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Property address/ })).toHaveValue('112 Kingsway, Hove BN3 4FA')
  await expect(page.getByRole('button', { name: 'Remove broken.mp3' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled()
  await expectAccessible(page, 'Create Job step 1 with a refused file')
})

test('leaving a filled form asks first, in the app and when the page unloads', async ({ page }) => {
  await signedInClerk(page, 10)
  await openWizard(page)
  await page.getByRole('textbox', { name: /^Property address/ }).fill('1 High Street, York')

  await page.getByRole('link', { name: 'My Jobs' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' })
  await expect(leave).toContainText('You have unsaved changes. Are you sure you want to leave this page? All progress will be lost.')
  await expectAccessible(page, 'the Leave this page? dialog')
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(leave).toBeHidden()
  await expect(page.getByRole('textbox', { name: /^Property address/ })).toHaveValue('1 High Street, York')

  // The browser's own warning: this Chromium shows no beforeunload dialog to Playwright when a page
  // closes, so the test asks the page what leaving would do (a handler that cancels the unload).
  const unloadCancelled = () =>
    page.evaluate(() => {
      const unload = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(unload)
      return unload.defaultPrevented
    })
  expect(await unloadCancelled()).toBe(true)

  await page.getByRole('button', { name: 'Cancel Job' }).click()
  await leave.getByRole('button', { name: 'Leave' }).click()
  await page.waitForURL(/\/my-jobs$/)
  expect(await unloadCancelled()).toBe(false)
})
