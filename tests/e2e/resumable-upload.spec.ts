// Step 1's resumable uploads (tus) against the real server: a chosen WAV uploads in the background
// with its own progress bar, and Next prices it by its upload id (no audio bytes sent again; the
// server measured the uploaded file). And an upload cut by going offline mid-way waits, resumes from
// the offset the server answers to HEAD once the connection is back, and is priced.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page, Request } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { waitForServiceWorkerControl } from './support/installed-app.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { keptInPage } from './support/kept-draft.ts'

// An upload resumes after a reload or offline as in a clerk's installed portal, under its service
// worker (playwright.config.ts blocks the worker elsewhere).
test.use({ serviceWorkers: 'allow' })

let folder = ''
/** 5 min 15 s of 16 kHz 16-bit mono WAV: about 10 MB, three 4 MiB PATCHes. */
let wav = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-resumable-'))
  wav = await recordAudio(folder, 'long-tone.wav', 315)
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function startWizard(page: Page): Promise<void> {
  const email = uniqueEmail('resumable')
  await createClerk(page.request, email)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email, '/create-job')
  // The service worker controls the page before the upload starts, as it did when the clerk came
  // through /login: its clients.claim() mid-upload would move the PATCHes under way behind it, where
  // page.route and the page's request events no longer see them all.
  await waitForServiceWorkerControl(page)
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await page.getByRole('textbox', { name: /^Property address/ }).fill('3 Mill Lane, Ripon HG4 1AA')
  await expect(page.getByLabel('Audio files')).toBeEnabled()
}

/** The calculate-cost request: it names the upload and carries no audio bytes. */
async function priceAndCheckRequest(page: Page): Promise<void> {
  const costRequest = page.waitForRequest((request: Request) => request.method() === 'POST' && request.url().endsWith('/api/clerk/calculate-cost'))
  await page.getByRole('button', { name: 'Next' }).click()
  const body = (await costRequest).postDataBuffer() ?? Buffer.alloc(0)
  expect(body.toString('latin1')).toContain('name="upload_ids"')
  expect(body.toString('latin1')).not.toContain('name="audio_files"')
  expect(body.length).toBeLessThan(2000)
  await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
  await expect(page.getByText(/^Total audio length:/)).toHaveText(/^Total audio length: 5 min 15 s/)
}

test('a chosen file uploads in the background, reaches 100 % and is priced by its upload', async ({ page }) => {
  await startWizard(page)
  await page.getByLabel('Audio files').setInputFiles(wav)
  const bar = page.getByRole('progressbar', { name: 'long-tone.wav' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await expect(bar).toHaveAttribute('aria-valuetext', /\(100%\)\. Uploaded$/)
  await priceAndCheckRequest(page)
})

test('an upload cut by going offline resumes from the server’s offset once back online, and is priced', async ({ page, context }) => {
  await startWizard(page)
  // The first PATCH goes through; the second is held until the connection is cut, then fails as a
  // lost connection does.
  let patches = 0
  let holdSecond: (() => void) | undefined
  const secondHeld = new Promise<void>((resolve) => (holdSecond = resolve))
  await page.route('**/api/uploads/**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue()
    patches += 1
    if (patches !== 2) return route.continue()
    holdSecond?.()
    await route.abort('internetdisconnected')
  })
  await page.getByLabel('Audio files').setInputFiles(wav)
  await secondHeld
  await context.setOffline(true)
  const bar = page.getByRole('progressbar', { name: 'long-tone.wav' })
  await expect(bar).toHaveAttribute('aria-valuetext', /Waiting for a connection: the upload goes on by itself when it is back\.$/)

  const head = page.waitForResponse((response) => response.request().method() === 'HEAD' && /\/api\/uploads\/[^/]+$/.test(response.url()))
  await context.setOffline(false)
  const offset = Number((await head).headers()['upload-offset'])
  expect(offset).toBeGreaterThan(0)
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await priceAndCheckRequest(page)
})

/** The upload address the page keeps with the draft's one file (src/lib/upload-addresses.ts). */
function keptUploadAddress(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const request = (r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))
    const db = (await request(indexedDB.open('inspectscribe'))) as IDBDatabase
    try {
      const files = (await request(db.transaction('clerkFiles').objectStore('clerkFiles').getAll())) as { uploadUrl?: string }[]
      return files[0]?.uploadUrl ?? null
    } finally {
      db.close()
    }
  })
}

test('a reload mid-upload resumes from the address kept with the draft’s file, at the server’s offset', async ({ page }) => {
  await startWizard(page)
  // Every PATCH after the first fails as a lost connection does, until the page is reloaded.
  let cut = true
  let patches = 0
  let creations = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/uploads$/.test(request.url())) creations += 1
  })
  await page.route('**/api/uploads/**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue()
    patches += 1
    if (patches > 1 && cut) return route.abort('failed')
    return route.continue()
  })
  await page.getByLabel('Audio files').setInputFiles(wav)
  await expect.poll(async () => (await keptInPage(page))?.files.map((file) => file.name)).toEqual(['long-tone.wav'])
  await expect.poll(() => keptUploadAddress(page)).toMatch(/\/api\/uploads\/[^/]+$/)
  await expect.poll(() => patches).toBeGreaterThan(1)

  const head = page.waitForResponse((response) => response.request().method() === 'HEAD' && /\/api\/uploads\/[^/]+$/.test(response.url()))
  cut = false
  await page.reload()
  const offset = Number((await head).headers()['upload-offset'])
  expect(offset).toBeGreaterThan(0)
  const bar = page.getByRole('progressbar', { name: 'long-tone.wav' })
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  // Resumed, never created again: the kept address found the same upload.
  expect(creations).toBe(1)
  await priceAndCheckRequest(page)
})
