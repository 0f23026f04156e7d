// Issue 25's budget for uploads that resume, end to end: a 200 MB file cut by going offline at about
// half resumes once back online, is cut again later and resumes after a reload, and the server's staged
// file is the original byte for byte (SHA-256 of the file in the e2e server's data folder), with at most
// 5 % of it sent twice. The cuts are made by the test at chosen PATCHes (never by timing): the PATCH at
// half is held, the context goes offline, then it fails as a lost connection does; past three quarters
// every PATCH fails until the page reloads. Bytes sent are counted from each PATCH that left the page
// (the slice it carried, whole even if it failed mid-way: an upper bound of what the server received);
// a PATCH the test aborts is failed before Chromium sends it, and carries nothing. The slices counted
// must cover the whole file: a staged byte outside them came through a request the test never saw.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Request, Route } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughForm, uniqueEmail } from './support/accounts.ts'

const FILE_BYTES = 200 * 1000 * 1000
/** An upload's own address (HEAD and PATCH; the handlers let HEAD through). */
const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024
const UPLOAD_PATCH = '**/api/uploads/*'

let folder = ''
let file = ''
let fileSha256 = ''

/** A WAV header (16-bit stereo 48 kHz) over noise: only the first bytes are checked when staged. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(2, 22)
  header.writeUInt32LE(48_000, 24)
  header.writeUInt32LE(48_000 * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(dataBytes, 40)
  return header
}

async function sha256(of: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(of, { highWaterMark: 4 * 1024 * 1024 }), hash)
  return hash.digest('hex')
}

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-200mb-'))
  file = path.join(folder, 'whole-house.wav')
  // 200 MB in 8 MB blocks of distinct bytes (each block's number written through it), so a block sent
  // twice or out of place changes the hash.
  const handle = await open(file, 'w')
  try {
    await handle.write(wavHeader(FILE_BYTES - 44))
    const block = Buffer.alloc(8_000_000)
    for (let written = 44, n = 0; written < FILE_BYTES; n += 1) {
      for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((n * block.length + i) >>> 0, i)
      const length = Math.min(block.length, FILE_BYTES - written)
      await handle.write(block, 0, length)
      written += length
    }
  } finally {
    await handle.close()
  }
  fileSha256 = await sha256(file)
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

/**
 * The bytes a PATCH carried: tus-js-client sends the 4 MiB slice from its Upload-Offset (the last one
 * shorter). One that failed on the way counts whole; one that was answered must have moved the server's
 * offset by exactly that slice, which checks the count against what the server stored.
 */
async function bodyBytes(patch: Request): Promise<number> {
  const offset = Number((await patch.allHeaders())['upload-offset'])
  const slice = Math.min(UPLOAD_CHUNK_BYTES, FILE_BYTES - offset)
  const response = patch.failure() ? null : await patch.response()
  if (response) expect(Number(response.headers()['upload-offset']) - offset).toBe(slice)
  return slice
}

/** The parts of the file no PATCH the test counted carried (none when the count saw every request). */
async function uncovered(patches: Request[]): Promise<string[]> {
  const slices = await Promise.all(
    patches.map(async (patch) => {
      const offset = Number((await patch.allHeaders())['upload-offset'])
      return [offset, offset + Math.min(UPLOAD_CHUNK_BYTES, FILE_BYTES - offset)] as const
    }),
  )
  const gaps: string[] = []
  let covered = 0
  for (const [from, to] of slices.toSorted((a, b) => a[0] - b[0])) {
    if (from > covered) gaps.push(`${covered}-${from}`)
    covered = Math.max(covered, to)
  }
  if (covered < FILE_BYTES) gaps.push(`${covered}-${FILE_BYTES}`)
  return gaps
}

test('a 200 MB upload cut offline at half and again by a reload arrives byte for byte, under 5 % sent twice', async ({ page, context }) => {
  test.setTimeout(240_000)
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the e2e global setup did not run.')

  // Every PATCH of the upload that left the page; the ones the test fails itself never reach the server.
  const cutByTest = new Set<Request>()
  const patches: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/uploads\/[^/]+$/.test(request.url())) patches.push(request)
  })
  // One route for the whole test; the cuts are switched on and off in it, never by adding or removing
  // routes. Removing the last route turns Chromium's interception off, and a request leaving the page at
  // that moment (tus-js-client's retry, sent at once) can reach the server without page.on('request')
  // ever reporting it: Playwright holds its requestWillBeSent for a requestPaused that never comes. CI
  // counted 1 MiB and then 1,926,144 bytes short so: the retried PATCH, unseen, stored that much before
  // the reload cut it. With interception on throughout, every request is paused and reported.
  let cutting: ((route: Route) => Promise<void>) | null = null

  const email = uniqueEmail('resumable-200mb')
  await createClerk(page.request, email)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughForm(page, email)
  await page.getByRole('link', { name: 'Create Job' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByLabel('Audio files')).toBeEnabled()

  // Cut 1: the first PATCH from half the file on is held, the connection goes, and it fails.
  let heldAtHalf: (() => void) | undefined
  const halfReached = new Promise<void>((resolve) => (heldAtHalf = resolve))
  const cutAtHalf = async (route: Route) => {
    const offset = Number(route.request().headers()['upload-offset'])
    if (route.request().method() !== 'PATCH' || offset < FILE_BYTES / 2) return route.continue()
    cutByTest.add(route.request())
    await context.setOffline(true)
    await route.abort('internetdisconnected')
    heldAtHalf?.()
  }
  cutting = cutAtHalf
  await page.route(UPLOAD_PATCH, (route) => (cutting ? cutting(route) : route.continue()))
  await page.getByLabel('Audio files').setInputFiles(file)
  await halfReached
  const bar = page.getByRole('progressbar', { name: 'whole-house.wav' })
  await expect(bar).toHaveAttribute('aria-valuetext', /Waiting for a connection: the upload goes on by itself when it is back\.$/)
  // A handler already running finishes its cut (the PATCH is in cutByTest and aborted); later ones pass.
  cutting = null

  // Cut 2: back online the upload resumes from the server's offset; from three quarters every PATCH
  // fails, and the page is reloaded once the first has.
  let failedAtThreeQuarters: (() => void) | undefined
  const threeQuartersReached = new Promise<void>((resolve) => (failedAtThreeQuarters = resolve))
  const cutAtThreeQuarters = async (route: Route) => {
    const offset = Number(route.request().headers()['upload-offset'])
    if (route.request().method() !== 'PATCH' || offset < (FILE_BYTES * 3) / 4) return route.continue()
    cutByTest.add(route.request())
    await route.abort('failed')
    failedAtThreeQuarters?.()
  }
  cutting = cutAtThreeQuarters
  const headOnline = page.waitForResponse((response) => response.request().method() === 'HEAD' && /\/api\/uploads\/[^/]+$/.test(response.url()))
  await context.setOffline(false)
  const offsetOnline = Number((await headOnline).headers()['upload-offset'])
  expect(offsetOnline).toBeGreaterThanOrEqual(FILE_BYTES / 2 - 4 * 1024 * 1024)
  expect(offsetOnline).toBeLessThan(FILE_BYTES / 2 + 4 * 1024 * 1024)
  await threeQuartersReached
  cutting = null

  const headReloaded = page.waitForResponse((response) => response.request().method() === 'HEAD' && /\/api\/uploads\/[^/]+$/.test(response.url()))
  await page.reload()
  const reloaded = await headReloaded
  const offsetReloaded = Number(reloaded.headers()['upload-offset'])
  expect(offsetReloaded).toBeGreaterThanOrEqual((FILE_BYTES * 3) / 4 - 4 * 1024 * 1024)
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 })
  await expect(bar).toHaveAttribute('aria-valuetext', /\(100%\)\. Uploaded$/)

  // The server's staged file (the e2e server's data folder) is the original, byte for byte.
  const uploadId = new URL(reloaded.url()).pathname.split('/').pop()!
  expect(await sha256(path.join(dataDir, 'resumable-uploads', uploadId))).toBe(fileSha256)

  const sent = patches.filter((patch) => !cutByTest.has(patch))
  // Every staged byte came in a PATCH the test counted (a gap names a request it never saw).
  expect(await uncovered(sent)).toEqual([])
  const sentBytes = (await Promise.all(sent.map(bodyBytes))).reduce((sum, bytes) => sum + bytes, 0)
  expect(sentBytes).toBeGreaterThanOrEqual(FILE_BYTES)
  expect(sentBytes - FILE_BYTES).toBeLessThanOrEqual(FILE_BYTES * 0.05)
  test.info().annotations.push({ type: 'bytes sent twice', description: String(sentBytes - FILE_BYTES) })
})
