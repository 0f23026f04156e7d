// Recording in the Create Job wizard (issue 25), in a real Chromium with a fake microphone that plays
// a tone made by ffmpeg, against the real server: record, stop, price (the server measures the
// streamed WebM Chromium writes) and submit; a reload mid-recording offers "Recover recording" and
// gives back all but the last 2 s, which the server measures too (a WebM whose tail is missing); and a
// refused microphone is explained while picking files still works.
// SCREENSHOTS_DIR=/tmp/record saves the recorder's states at 820 px and 390 px wide.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { CHROMIUM_ARGS, chromiumPath, testChromiumPath } from './support/chromium.ts'
import { keptInPage } from './support/kept-draft.ts'
import { acceptAndSubmit } from './support/job-summary.ts'
import { giveCredits } from './support/ops.ts'

// The fake microphone's sound must exist when the browser starts, before any hook runs: made now.
// Chromium loops it. A tone that swells and fades, so the level meter moves.
const folder = mkdtempSync(path.join(tmpdir(), 'inspectscribe-recording-'))
const microphoneWav = path.join(folder, 'microphone.wav')
execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=330:r=48000:d=20', '-af', 'volume=0.6,tremolo=f=2:d=0.8', '-ac', '1', '-c:a', 'pcm_s16le', microphoneWav])
const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphoneWav}`]

test.use({
  launchOptions: { executablePath: testChromiumPath(), args: [...CHROMIUM_ARGS, ...FAKE_MICROPHONE, '--use-fake-ui-for-media-stream'] },
  permissions: ['microphone'],
})

// Removed when the worker ends, not in afterAll: the tests run in parallel, and afterAll runs whenever a
// worker finishes its share of them, which may come before another share of this file in the same
// worker, whose module (and so the folder's name) is not made again.
process.on('exit', () => rmSync(folder, { recursive: true, force: true }))

const shotsDir = process.env.SCREENSHOTS_DIR
/** The page at a tablet's 820 px and a phone's 390 px, when SCREENSHOTS_DIR asks for it. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return
  mkdirSync(shotsDir, { recursive: true })
  const size = page.viewportSize()
  for (const [width, height] of [
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

async function openWizardSignedIn(page: Page, credits: number | null): Promise<string> {
  const email = uniqueEmail('recording')
  await createClerk(page.request, email)
  if (credits !== null) await giveCredits(email, credits)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email, '/create-job')
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  return email
}

/** Rows of recording chunks in the page's IndexedDB (src/lib/recording-chunks.ts), every clerk's. */
function keptChunks(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const request = (r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))
    const db = (await request(indexedDB.open('inspectscribe'))) as IDBDatabase
    try {
      return (await request(db.transaction('recordingChunks').objectStore('recordingChunks').count())) as number
    } finally {
      db.close()
    }
  })
}

const timer = (page: Page) => page.getByRole('timer', { name: 'Time recorded' })
const audioList = (page: Page) => page.getByRole('list', { name: 'Audio files' })

/** Presses Next on step 1 and returns the length the server measured (calculate-cost's answer). */
async function priceIt(page: Page): Promise<{ seconds: number; names: string[]; sentWhole: boolean }> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/clerk/calculate-cost') && response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Next' }).click()
  const response = await answer
  expect(response.status()).toBe(200)
  const sentWhole = (response.request().postDataBuffer() ?? Buffer.alloc(0)).toString('latin1').includes('name="audio_files"')
  const body = (await response.json()) as { audio_duration: number; audio_files: { file_name: string }[] }
  test.info().annotations.push({ type: 'measured', description: `${body.audio_duration} s` })
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText(`Total audio length: ${Math.round(body.audio_duration)} s (charged as 1 minute)`)
  return { seconds: body.audio_duration, names: body.audio_files.map((file) => file.file_name), sentWhole }
}

test('a recording is made, stopped, listed, priced at its measured length and submitted', async ({ page }) => {
  await openWizardSignedIn(page, 10)
  await page.getByRole('textbox', { name: /^Property address/ }).fill('3 Mill Lane, Ripon HG4 1AA')
  await page.getByRole('button', { name: 'Record' }).click()

  const recorder = page.getByRole('group', { name: 'Recorder' })
  await expect(recorder).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Recording name' })).toHaveValue('Recording 1')
  // The fake microphone is heard: the meter moves off zero.
  await expect(page.getByRole('meter', { name: 'Microphone level' })).not.toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expect(timer(page)).toHaveText('00:02')
  // Written as they arrive, one a second, not at the end.
  await expect.poll(() => keptChunks(page)).toBeGreaterThanOrEqual(2)
  await shoot(page, 'recording')

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  const pausedAt = await timer(page).textContent()
  await shoot(page, 'paused')
  await expect(timer(page)).toHaveText(pausedAt!)
  await page.getByRole('button', { name: 'Resume' }).click()

  await page.getByRole('textbox', { name: 'Recording name' }).fill('Kitchen')
  // Stopped as the clock shows 5 s: between 5.0 and 6.0 s were recorded.
  await expect(timer(page)).toHaveText('00:05')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(recorder).toBeHidden()
  await expect(audioList(page).getByRole('listitem')).toHaveCount(1)
  await expect(audioList(page)).toContainText('Kitchen.webm')
  await expect(page.getByRole('button', { name: 'Remove Kitchen.webm' })).toBeVisible()
  await shoot(page, 'stopped')
  // Renamed once more after it stopped: the server is sent the new name.
  await page.getByRole('button', { name: 'Rename Kitchen.webm' }).click()
  await page.getByRole('textbox', { name: 'New name for Kitchen.webm' }).fill('Kitchen and pantry')
  await shoot(page, 'renaming')
  await page.getByRole('textbox', { name: 'New name for Kitchen.webm' }).press('Enter')
  await expect(page.getByRole('button', { name: 'Remove Kitchen and pantry.webm' })).toBeVisible()
  await shoot(page, 'stopped-renamed')

  // Priced by its finished upload under the new name (upload_names), not sent again.
  await expect(page.getByRole('progressbar', { name: 'Kitchen and pantry.webm' })).toHaveAttribute('aria-valuenow', '100')
  const { seconds: measured, names, sentWhole } = await priceIt(page)
  expect(names).toEqual(['Kitchen and pantry.webm'])
  expect(sentWhole).toBe(false)
  expect(measured).toBeGreaterThanOrEqual(5 - 1)
  expect(measured).toBeLessThanOrEqual(6 + 1)

  await expect(page.getByRole('radio', { name: 'AI Only Transcription' })).toBeChecked()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  await acceptAndSubmit(page)
})

test('a reload mid-recording offers Recover recording, which gives back all but the last 2 s', async ({ page }) => {
  await openWizardSignedIn(page, null)
  await page.getByRole('button', { name: 'Record' }).click()
  await expect(timer(page)).toHaveText('00:08')
  // The page dies with between 8.0 and 9.0 s recorded.
  await page.reload()

  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  const offer = page.getByText(/^A recording was interrupted before it was stopped: “Recording 1” \([\d.,]+ (bytes|KB|MB) kept on this device\)\.$/)
  await expect(offer).toBeVisible()
  await shoot(page, 'recover-prompt')
  await page.getByRole('button', { name: 'Recover recording' }).click()
  await expect(offer).toBeHidden()
  await expect(audioList(page).getByRole('button', { name: 'Remove Recording 1.webm' })).toBeVisible()

  // Recovered once: it is now a file of the draft, kept as the draft's files are (its chunks go once
  // that is saved), and not offered again.
  await expect.poll(async () => (await keptInPage(page))?.files.map((file) => file.name)).toEqual(['Recording 1.webm'])
  await expect.poll(() => keptChunks(page)).toBe(0)
  await page.reload()
  await expect(audioList(page).getByRole('button', { name: 'Remove Recording 1.webm' })).toBeVisible()
  await expect(page.getByText(/^Draft restored from/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Recover recording' })).toHaveCount(0)

  await page.getByRole('textbox', { name: /^Property address/ }).fill('9 Station Road, Thirsk YO7 1PZ')
  const { seconds: measured } = await priceIt(page)
  expect(measured).toBeGreaterThanOrEqual(8 - 2)
  expect(measured).toBeLessThanOrEqual(9)
})

test('a refused microphone is explained, and picking files still works', async () => {
  // Without --use-fake-ui-for-media-stream and without the permission, Chromium refuses the microphone
  // as it does for a clerk who blocked it (NotAllowedError). The full browser: the headless shell, which
  // has no permission prompt to refuse through, answers NotSupportedError instead.
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...FAKE_MICROPHONE] })
  try {
    // The runner gives new contexts this file's options: the microphone permission is taken back here.
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, permissions: [] })
    const page = await context.newPage()
    await openWizardSignedIn(page, null)
    await page.getByRole('button', { name: 'Record' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'The microphone is blocked for this site. To record, allow the microphone in your browser’s site settings (the icon beside the address, then Site settings, Microphone, Allow), then press Record again. You can still choose audio files.',
    )
    await expect(page.getByRole('group', { name: 'Recorder' })).toHaveCount(0)
    const hall = await recordAudio(folder, 'hall.mp3', 4)
    await page.getByLabel('Audio files').setInputFiles(hall)
    await expect(audioList(page)).toContainText('hall.mp3')
    await expect(page.getByRole('button', { name: 'Record' })).toBeEnabled()
  } finally {
    await browser.close()
  }
})
