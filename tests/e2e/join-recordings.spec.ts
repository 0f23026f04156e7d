// Joining recordings for an AI job (issue 25) against the real server and real ffmpeg: a clerk picks
// two recordings (WebM/Opus, as the portal's recorder writes them), chooses AI, which takes one audio
// file, joins them into one on the cost step, sees the joined length and its price, and sends the job,
// which carries the one joined recording. Prices follow the seeded rates: AI 0.50 credits a started minute.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { expectAccessible } from './support/axe.ts'
import { giveCredits } from './support/ops.ts'
import { acceptAndSubmit } from './support/job-summary.ts'

let folder = ''
test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-join-'))
  // 45 s + 40 s: 1 min 25 s joined, 2 started minutes.
  await Promise.all([recordAudio(folder, 'kitchen.webm', 45), recordAudio(folder, 'hall.webm', 40)])
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

test('two recordings are joined into one for an AI job, priced by the joined length, and sent', async ({ page }) => {
  const email = uniqueEmail('join')
  await createClerk(page.request, email)
  await giveCredits(email, 10)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email, '/create-job')

  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await page.getByRole('textbox', { name: /^Property address/ }).fill('5 Orchard Lane, Ludlow SY8 1AB')
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles([path.join(folder, 'kitchen.webm'), path.join(folder, 'hall.webm')])
  await expect(page.getByText('2 files', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText('Total audio length: 1 min 25 s (charged as 2 minutes)')
  await page.getByRole('radio', { name: 'AI Only Transcription' }).check()
  await expect(page.getByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expectAccessible(page, 'Create Job step 2, the join offer')
  await page.getByRole('button', { name: 'Join into one recording' }).click()

  await expect(page.getByText('Your 2 recordings are joined into one, in the order of step 1. The separate recordings stay in this draft until the job is sent.')).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText('Total audio length: 1 min 25 s (charged as 2 minutes)')
  await expect(page.getByText(/^AI cost:/)).toHaveText('AI cost: 1.00 credits')
  await expect(page.getByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).toBeHidden()
  await expectAccessible(page, 'Create Job step 2, recordings joined')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await expect(page.getByText('Joined recording.webm (1 file), joined from kitchen.webm, hall.webm')).toBeVisible()
  await expect(page.getByText('Balance credit after purchase: 9.00')).toBeVisible()
  const { jobId } = await acceptAndSubmit(page)

  // The job carries the one joined recording, of the joined length.
  await page.getByRole('button', { name: `View details of job ${jobId}`, exact: true }).click()
  const details = page.getByRole('dialog')
  await expect(details.getByText('Joined recording.webm')).toBeVisible()
  await expect(page.getByText('Total Credit').locator('..')).toContainText('9.00')
})
