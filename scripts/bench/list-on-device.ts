// The job list on the device, in Chromium: how big the offline copy is that the portal keeps, and how
// long the main thread is blocked when the list arrives. The page records every long task (over 50 ms,
// PerformanceObserver 'longtask') and times each write of the offline copy (IDBObjectStore.put on its
// store, jobsCaches, wrapped before the portal loads: the call's main-thread part, the structured
// clone), so the figures are the browser's own, not the bench's guesses.
//   - a full list arriving: sign-in, My Jobs asks for the whole list (no copy held yet);
//   - a 304 arriving: the Refresh button, nothing changed on the server;
//   - a reload: the offline copy read back, then the refresh on mount (a 304).
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'

export interface PhaseFigures {
  /** The longest task from the phase's start until it settled, in ms (0: none over 50 ms). */
  longestTaskMs: number
  /**
   * The longest from the moment the job list's answer began to arrive (its first byte), in ms: what
   * receiving the list costs, without the sign-in and the page's start before it.
   */
  longestSinceAnswerMs: number
  /** Writes of the offline copy during the phase, and the longest one's duration. */
  writes: number
  longestWriteMs: number
}

export interface DeviceFigures {
  /** Characters the offline copy holds in IndexedDB (one string per clerk). */
  storedChars: number
  fullList: PhaseFigures
  notModified: PhaseFigures
  reload: PhaseFigures
}

declare global {
  interface Window {
    benchLongTasks: { start: number; duration: number }[]
    benchWrites: { start: number; duration: number; chars: number }[]
    /** When each answer read by the list's worker began to arrive (its head reached the page). */
    benchWorkerAnswers: number[]
  }
}

/** Runs in the page before any of its scripts. */
function recordMainThread() {
  window.benchLongTasks = []
  window.benchWrites = []
  window.benchWorkerAnswers = []
  // The whole list is read by a worker (src/lib/transport/read-in-worker.ts): its request is not in the
  // page's resource timing, so the moment its answer's head reaches the page stands for the first byte.
  const PageWorker = window.Worker
  window.Worker = class extends PageWorker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args)
      this.addEventListener('message', (event: MessageEvent<{ kind?: string }>) => {
        if (event.data?.kind === 'head') window.benchWorkerAnswers.push(performance.now())
      })
    }
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  const put = IDBObjectStore.prototype.put
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    const start = performance.now()
    const request = put.call(this, value, key)
    if (this.name === 'jobsCaches') window.benchWrites.push({ start, duration: performance.now() - start, chars: String((value as { value: unknown }).value).length })
    return request
  }
}

const now = (page: Page) => page.evaluate(() => performance.now())

/** The persister writes at most once a second: past that, plus a frame or two, a phase has settled. */
const SETTLE_MS = 2_500

async function settle(page: Page) {
  const until = (await now(page)) + SETTLE_MS
  await page.waitForFunction((end) => performance.now() >= end, until, { polling: 100 })
}

async function phaseSince(page: Page, since: number): Promise<PhaseFigures> {
  return page.evaluate((from) => {
    const tasks = window.benchLongTasks.filter((task) => task.start >= from)
    const writes = window.benchWrites.filter((write) => write.start >= from)
    const answers = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.name.includes('/api/clerk/dashboard') && entry.startTime >= from,
    )
    const answerAt = Math.min(answers[0]?.responseStart ?? Infinity, ...window.benchWorkerAnswers.filter((at) => at >= from))
    return {
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      longestSinceAnswerMs: Math.max(0, ...tasks.filter((task) => task.start + task.duration >= answerAt).map((task) => task.duration)),
      writes: writes.length,
      longestWriteMs: Math.max(0, ...writes.map((write) => write.duration)),
    }
  }, since)
}

const storedChars = (page: Page) =>
  // No named function inside: tsx would wrap it in a helper the page does not have.
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('inspectscribe')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const db = opening.result
          const all = db.transaction('jobsCaches').objectStore('jobsCaches').getAll()
          all.onerror = () => reject(all.error)
          // The copy is kept as a Blob of UTF-8 (src/lib/json-in-slices.ts): its bytes, one a character for this ASCII list.
          all.onsuccess = () => resolve((all.result as { value: string | Blob }[]).reduce((chars, record) => chars + (typeof record.value === 'string' ? record.value.length : record.value.size), 0))
          db.close()
        }
      }),
  )

export async function measureListOnDevice(baseUrl: string, credentials: { email: string; password: string }): Promise<DeviceFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ baseURL: baseUrl })
    await page.addInitScript(recordMainThread)
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password)
    const signInAt = await now(page)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor({ timeout: 60_000 })
    await settle(page)
    const fullList = await phaseSince(page, signInAt)

    const refreshAt = await now(page)
    const answered = page.waitForResponse((response) => response.url().includes('/api/clerk/dashboard'))
    await page.getByRole('button', { name: 'Refresh' }).click()
    const status = (await answered).status()
    if (status !== 304) throw new Error(`the unchanged refresh answered ${status}, not 304`)
    await settle(page)
    const notModified = await phaseSince(page, refreshAt)
    const chars = await storedChars(page)

    await page.reload()
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor({ timeout: 60_000 })
    await settle(page)
    const reload = await phaseSince(page, 0)
    return { storedChars: chars, fullList, notModified, reload }
  } finally {
    await browser.close()
  }
}
