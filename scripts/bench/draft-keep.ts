// Saving and restoring a Create Job draft with 500 MB of audio in Chromium, through the portal's own
// code and nothing added for the bench: the built portal on a started server, a Chromium profile on
// disk, the demo clerk signed in, a 500 MB WAV (made by ffmpeg) chosen on step 1. The wizard saves a draft at once when a file is
// added (src/features/create-job/draft/use-wizard-draft.ts), so:
// - save: from choosing the file until the page's IndexedDB holds the draft naming it, its Blob
//   stored (read with the raw IndexedDB API, polled every 50 ms, so the figure is up to 50 ms late);
// - restore: from a reload until the wizard shows "Draft restored from ..." with the file listed
//   (the page's start included: that is what the clerk waits for).
// Then the stored Blob is read back whole in the page (a stream, as an upload reads it), timed, and
// its size checked. Save and restore run 3 times each.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { DEMO_CLERK } from '../../server/src/db/seed-data.ts'
import { recordAudio } from '../../tests/e2e/support/audio.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'
import { startServer } from '../../tests/e2e/support/server.ts'

export interface DraftKeepFigures {
  fileBytes: number
  saveMs: number[]
  restoreMs: number[]
  /** Reading the stored Blob's bytes once, as an upload of the restored draft does. */
  readBackMs: number
}

/** 16 kHz mono 16-bit WAV is 32,000 bytes a second: 16,400 s is just over 500 MB. */
const SECONDS = 16_400

/** The size of the Blob stored for `name` in the signed-in clerk's kept draft, or null. */
function storedSize(page: Page, name: string): Promise<number | null> {
  return page.evaluate(async (fileName) => {
    const token = sessionStorage.getItem('auth_token') ?? ''
    const clerk = String((JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: unknown }).sub)
    const request = (r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))
    const db = (await request(indexedDB.open('inspectscribe'))) as IDBDatabase
    try {
      const record = (await request(db.transaction('clerkDrafts').objectStore('clerkDrafts').get(clerk))) as { value: { audioFiles: { id: string; name: string }[] } } | undefined
      const file = record?.value.audioFiles.find((kept) => kept.name === fileName)
      if (!file) return null
      const stored = (await request(db.transaction('clerkFiles').objectStore('clerkFiles').get([clerk, file.id]))) as { blob: Blob } | undefined
      return stored?.blob.size ?? null
    } finally {
      db.close()
    }
  }, name)
}

export async function measureDraftKeep(): Promise<DraftKeepFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-draft-'))
  const server = await startServer({ env: { LOG_LEVEL: 'error' } })
  // A profile on disk, as an installed app has: an incognito context keeps IndexedDB in memory.
  const profile = path.join(folder, 'profile')
  const browser = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, baseURL: server.url })
  try {
    const wav = await recordAudio(folder, 'long-visit.wav', SECONDS)
    const fileBytes = (await stat(wav)).size
    const page = browser.pages()[0] ?? (await browser.newPage())
    // tsx (esbuild) names the functions it compiles with a helper `__name` that the page lacks.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_CLERK.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_CLERK.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(/\/my-jobs$/)
    const saveMs: number[] = []
    const restoreMs: number[] = []
    for (let run = 0; run < 3; run++) {
      await page.goto('/create-job')
      await page.getByRole('heading', { level: 2, name: 'General Info' }).waitFor()
      if (run > 0) {
        // The previous run's draft is restored: discarded, so the file is saved afresh.
        await page.getByRole('button', { name: 'Discard draft' }).click()
        while ((await storedSize(page, 'long-visit.wav')) !== null) await page.waitForTimeout(50)
      }
      await page.getByRole('textbox', { name: /^Property address/ }).fill('3 Orchard Cottages, Little Snoring')
      const picker = page.getByLabel('Audio files')
      await picker.waitFor()
      let started = performance.now()
      await picker.setInputFiles(wav)
      while ((await storedSize(page, 'long-visit.wav')) !== fileBytes) await page.waitForTimeout(50)
      saveMs.push(performance.now() - started)

      started = performance.now()
      await page.reload()
      await page.getByText(/^Draft restored from /).waitFor({ timeout: 60_000 })
      await page.getByRole('list', { name: 'Audio files' }).getByText('long-visit.wav').waitFor()
      restoreMs.push(performance.now() - started)
    }
    const readBack = await page.evaluate(async () => {
      const started = performance.now()
      const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('inspectscribe').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)))
      const all = await new Promise<{ blob: Blob }[]>((resolve) => (db.transaction('clerkFiles').objectStore('clerkFiles').getAll().onsuccess = (event) => resolve((event.target as IDBRequest).result)))
      let bytes = 0
      const reader = all[0]!.blob.stream().getReader()
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength
      db.close()
      return { bytes, ms: performance.now() - started }
    })
    if (readBack.bytes !== fileBytes) throw new Error(`the stored Blob read back ${readBack.bytes} bytes, not ${fileBytes}`)
    return { fileBytes, saveMs, restoreMs, readBackMs: readBack.ms }
  } finally {
    await browser.close()
    await server.stop()
    await rm(folder, { recursive: true, force: true })
  }
}
