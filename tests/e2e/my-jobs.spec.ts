// My Jobs against the real server, with jobs made by the operator command line (npm run ops).
// Demo jobs come newest first as Submitted, Scheduled, In Progress, Completed, Downloaded, Failed, then again.
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { expectAccessible } from './support/axe.ts'
import { expectBackTo } from './support/dialog-return.ts'
import { createDemoJobs, ops } from './support/ops.ts'
import { jobListStoredInPage } from './support/offline-jobs.ts'

const ADDRESSES = ['14 Willow Crescent, Harrogate HG2 7QD', 'Flat 3, 27 Marlborough Road, Bristol BS6 5AB', '8 Station Approach, Didsbury, Manchester M20 2RE', '112 Kingsway, Hove BN3 4FA']

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Jobs' })
/** The body rows of the jobs table (the first row holds the column headers). */
const bodyRows = (page: Page) => jobsTable(page).getByRole('row').filter({ hasNot: page.getByRole('columnheader') })
const rowOf = (page: Page, jobId: number) => bodyRows(page).filter({ has: page.getByRole('button', { name: `View details of job ${jobId}`, exact: true }) })

/** The filter choice as the page keeps it in IndexedDB (src/lib/local-db.ts), read in the page. */
const storedFilters = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const opening = indexedDB.open('inspectscribe')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const db = opening.result
          const reading = db.transaction('preferences').objectStore('preferences').get('my-jobs-filters')
          reading.onsuccess = () => {
            db.close()
            resolve((reading.result as { value?: unknown } | undefined)?.value)
          }
          reading.onerror = () => reject(reading.error)
        }
      }),
  )

async function openMyJobs(page: Page, email: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughApi(page, email)
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
}

/**
 * Stops the page's clock (installed before sign-in): from here its time moves only when the test moves
 * it. pauseAt refuses a moment the page's clock has already passed (a slow machine between the read and
 * the call): read again and retry until it takes.
 */
async function stopPageClock(page: Page): Promise<void> {
  await expect(async () => {
    const pageNow = await page.evaluate(() => Date.now())
    await page.clock.pauseAt(pageNow + 1_000)
  }).toPass()
}

/** The Delete dialogs close themselves 3 s after a success (src/features/jobs/components/delete-jobs-dialog.tsx). */
const CLOSE_DELAY_MS = 3_000

/**
 * Deletes with the page's clock stopped, so that the close is due exactly CLOSE_DELAY_MS of page time
 * after the success shows: still open 1 ms before, closed at it, and no real time waited.
 */
async function deleteAndSeeItClose(page: Page, dialog: Locator, success: string): Promise<void> {
  await stopPageClock(page)
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(dialog.getByText(success)).toBeVisible()
  await page.clock.runFor(CLOSE_DELAY_MS - 1)
  await expect(dialog.getByText(success)).toBeVisible()
  await page.clock.runFor(1)
  await expect(dialog).toBeHidden()
  await page.clock.resume()
  // Found by role: the page is not left hidden by the closed dialog (issue 24 item 14). Fluent lifts
  // its hiding on a timer of the page's clock, so only once that clock runs again.
  await expect(page.getByRole('main')).toBeVisible()
}

test('a clerk finds jobs by search, filters, status tabs, sorting and pages', async ({ page, request }) => {
  const email = uniqueEmail('jobs.find')
  await createClerk(request, email)
  const ids = await createDemoJobs(email, 12)
  await openMyJobs(page, email)

  // Ten rows a page, newest first; the address is cut at 20 characters.
  await expect(bodyRows(page)).toHaveCount(10)
  await expect(bodyRows(page).first()).toContainText(`${ADDRESSES[0]!.slice(0, 20)}…`)
  await expect(bodyRows(page).first()).toContainText('Submitted')

  // Every column fits beside the open sidebar, on a 1366 px screen as on a 1280 px one: nothing scrolls
  // sideways (my-jobs-layout.spec.ts checks the other widths).
  const tableRegion = page.getByRole('region', { name: 'Jobs' })
  const sidewaysScroll = () => tableRegion.evaluate((region) => region.scrollWidth - region.clientWidth)
  expect(await sidewaysScroll()).toBe(0)
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect.poll(sidewaysScroll).toBe(0)
  await expect(page.getByRole('button', { name: `View details of job ${ids[0]}`, exact: true })).toBeInViewport()
  await page.setViewportSize({ width: 1366, height: 900 })

  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await pagination.getByRole('button', { name: 'Page 2' }).click()
  await expect(bodyRows(page)).toHaveCount(2)
  await expect(rowOf(page, ids[11]!)).toContainText('Failed')
  await pagination.getByRole('button', { name: 'Previous' }).click()
  await expect(bodyRows(page)).toHaveCount(10)

  // Sorting by Job ID: the demo batch's ids rise as its creation times fall, so this order is not the default one.
  await jobsTable(page).getByRole('button', { name: 'Job ID', exact: true }).click()
  await expect(jobsTable(page).getByRole('columnheader', { name: 'Job ID' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(bodyRows(page).first().getByRole('button', { name: `View details of job ${ids[0]}`, exact: true })).toBeVisible()
  await jobsTable(page).getByRole('button', { name: 'Job ID', exact: true }).click()
  await expect(bodyRows(page).first().getByRole('button', { name: `View details of job ${ids[11]}`, exact: true })).toBeVisible()

  // Status tabs and the title.
  await page.getByRole('tab', { name: 'Completed' }).click()
  await expect(page.getByRole('heading', { name: 'Showing Completed jobs' })).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(2)
  await expect(rowOf(page, ids[3]!)).toBeVisible()
  await expect(rowOf(page, ids[9]!)).toBeVisible()
  await page.getByRole('tab', { name: 'All' }).click()

  // Search over the whole address, case-insensitive, even though the cell shows it cut.
  const search = page.getByRole('searchbox', { name: 'Search jobs' }).or(page.getByRole('textbox', { name: 'Search jobs' }))
  await search.fill('HOVE')
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(rowOf(page, ids[3]!)).toBeVisible()
  await search.fill('no such job anywhere')
  await expect(page.getByText('No jobs found. Try adjusting your filters or search query.')).toBeVisible()
  await search.fill('')
  await expect(bodyRows(page)).toHaveCount(10)

  // Filters change the title and are kept in the browser.
  await page.getByRole('combobox', { name: 'Job type' }).selectOption('Human')
  await expect(page.getByRole('heading', { name: 'Showing all jobs with Human processing' })).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(4)
  // Kept before the reload: a reload while the write is under way would lose it.
  await expect.poll(() => storedFilters(page)).toMatchObject({ jobType: 'Human' })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Showing all jobs with Human processing' })).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(4)
  await page.getByRole('combobox', { name: 'Job type' }).selectOption('All Jobs')
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
})

test('job details, every kind of download, and the Downloaded move', async ({ page, request }) => {
  const email = uniqueEmail('jobs.details')
  await createClerk(request, email)
  // The seventh demo job is a Human job (template), with a supporting sheet; the tenth is Completed with a transcript.
  const ids = await createDemoJobs(email, 12)
  await openMyJobs(page, email)
  await expect(bodyRows(page)).toHaveCount(10)
  await expectAccessible(page, 'My Jobs with jobs')

  await rowOf(page, ids[6]!).getByRole('button', { name: `View details of job ${ids[6]}`, exact: true }).click()
  const details = page.getByRole('dialog', { name: 'Job Details' })
  for (const heading of ['1. General Information', '2. Document Information', '3. Audio Files', '4. Job Information', '5. Output Files']) {
    await expect(details.getByRole('heading', { name: heading })).toBeVisible()
  }
  await expect(details).toContainText('5 Orchard Close, Cheltenham GL52 3HU')
  await expect(details).toContainText('No transcript files yet')
  await expectAccessible(page, 'the Job Details dialog')

  const save = async (name: RegExp) => {
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name }).first().click()])
    return { name: download.suggestedFilename(), body: await readFile((await download.path())!) }
  }
  const audio = await save(/^Download audio file /)
  expect(audio.name).toMatch(/^kitchen-7\.wav$/)
  expect(audio.body.subarray(0, 4).toString('ascii')).toBe('RIFF')
  const template = await save(/^Download template file /)
  expect(template.name).toBe('Inventory template.txt')
  expect(template.body.toString()).toContain('Inventory template')
  const sheet = await save(/^Download supporting document /)
  expect(sheet.name).toBe('Meter readings.csv')
  expect(sheet.body.toString()).toContain('meter,serial,reading')
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(details).toBeHidden()
  await expectBackTo(page, rowOf(page, ids[6]!).getByRole('button', { name: `View details of job ${ids[6]}`, exact: true }))

  // A Completed job's transcript: downloading it moves the job to Downloaded.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 1' }).click()
  await expect(rowOf(page, ids[9]!)).toContainText('Completed')
  await rowOf(page, ids[9]!).getByRole('button', { name: `View details of job ${ids[9]}`, exact: true }).click()
  await expect(details).toContainText('Report checked against the recording and ready to download.')
  const transcript = await save(/^Download transcript file /)
  expect(transcript.name).toBe('Inspection report 10.txt')
  expect(transcript.body.toString()).toContain('Inspection report: 77 Queen Street, Cardiff CF10 2GP')
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(rowOf(page, ids[9]!)).toContainText('Downloaded')
})

test('selecting finished jobs and deleting them, one or several', async ({ page, request }) => {
  const email = uniqueEmail('jobs.delete')
  await createClerk(request, email)
  const ids = await createDemoJobs(email, 6)
  await page.clock.install()
  await openMyJobs(page, email)
  await expect(bodyRows(page)).toHaveCount(6)

  // Only Completed or Failed jobs can be selected.
  await expect(rowOf(page, ids[0]!).getByRole('checkbox')).toHaveCount(0)
  await expect(rowOf(page, ids[4]!).getByRole('checkbox')).toHaveCount(0)

  // Bulk delete with nothing selected says so at once, without a dialog.
  await page.getByRole('button', { name: 'Delete Selected' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please select at least one job to delete')
  const bulk = page.getByRole('dialog', { name: 'Delete Multiple Jobs' })
  await expect(bulk).toHaveCount(0)

  await page.getByRole('checkbox', { name: `Select job ${ids[3]}` }).check()
  await expect(page.getByText('Please select at least one job to delete')).toHaveCount(0)
  await page.getByRole('checkbox', { name: `Select job ${ids[5]}` }).check()
  await page.getByRole('button', { name: 'Delete Selected' }).click()
  await expect(bulk.getByText('Are you sure you want to delete the 2 selected jobs?')).toBeVisible()
  await expectAccessible(page, 'the Delete Multiple Jobs dialog')
  await bulk.getByRole('checkbox', { name: 'I understand that the selected job(s) and their files will be deleted permanently' }).check()
  await deleteAndSeeItClose(page, bulk, '2 job(s) deleted')
  await expect(bodyRows(page)).toHaveCount(4)
  await expect(rowOf(page, ids[3]!)).toHaveCount(0)

  // A single delete from its row, after the operator fails a job.
  await ops('move', String(ids[1]), 'failed', '--reason', 'The recording is of another property')
  await page.reload()
  await rowOf(page, ids[1]!).getByRole('button', { name: `Delete job ${ids[1]}` }).click()
  const single = page.getByRole('dialog', { name: 'Delete Job' })
  await expect(single.getByText(`Are you sure you want to delete job #${ids[1]}?`)).toBeVisible()
  await single.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(single.getByText('Please tick the box to confirm that you want to delete the selected job(s).')).toBeVisible()
  await expectAccessible(page, 'the Delete Job dialog')
  await single.getByRole('checkbox').check()
  await deleteAndSeeItClose(page, single, '1 job(s) deleted')
  await expect(bodyRows(page)).toHaveCount(3)
  const left = JSON.parse(await ops('jobs', '--clerk', email, '--json')) as { jobId: number }[]
  expect(left.map((job) => job.jobId).sort()).toEqual([ids[0], ids[2], ids[4]].sort())
})

/**
 * Counts the page's reads of the job list at the moment it asks for them. A request event reaches the
 * test some time later, so "no refresh yet" read from events could pass while one is on its way; the
 * count is read from the page, after the timers the test ran have made their calls. The page asks with
 * fetch, or hands the request to the worker that reads a whole list (its message names the URL).
 */
async function countListReads(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const reads = { count: 0 }
    Object.assign(window, { listReads: reads })
    const countIfList = (address: unknown) => {
      if (typeof address === 'string' && new URL(address, location.href).pathname === '/api/clerk/dashboard') reads.count += 1
    }
    const pageFetch = window.fetch.bind(window)
    window.fetch = (input, init) => {
      countIfList(input instanceof Request ? input.url : String(input))
      return pageFetch(input, init)
    }
    const toWorker = Worker.prototype.postMessage
    Worker.prototype.postMessage = function (this: Worker, message: unknown, options?: StructuredSerializeOptions | Transferable[]) {
      countIfList((message as { url?: unknown } | null)?.url)
      toWorker.call(this, message, options as StructuredSerializeOptions)
    }
  })
  return () => page.evaluate(() => (window as unknown as { listReads: { count: number } }).listReads.count)
}

test('a status change made by an operator appears after the silent 60 s refresh', async ({ page, request }) => {
  const email = uniqueEmail('jobs.refresh')
  await createClerk(request, email)
  const [first] = await createDemoJobs(email, 1)
  const listReads = await countListReads(page)
  await page.clock.install()
  await openMyJobs(page, email)
  await expect(rowOf(page, first!)).toContainText('Submitted')

  // The page's clock stands still while the operator command runs, which can take many seconds on a
  // busy machine: with the clock running, the 60 s refresh could come before the 30 s check. From
  // here only runFor moves it, so the refresh is due exactly 60 s of page time after the list was read.
  await stopPageClock(page)
  const readsBefore = await listReads()
  await ops('move', String(first), 'scheduled')
  await page.clock.runFor(30_000)
  expect(await listReads()).toBe(readsBefore)
  await page.clock.runFor(31_000)
  expect(await listReads()).toBe(readsBefore + 1)
  // Running again, so that React Query's own timers hand the refreshed answer to the page.
  await page.clock.resume()
  await expect(rowOf(page, first!)).toContainText('Scheduled')
})

test.describe('offline', () => {
  // The service worker answers the reload offline (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' })

  test('the list reopens offline after a reload, and says what needs the server', async ({ page, context, request }) => {
    const email = uniqueEmail('jobs.offline')
    await createClerk(request, email)
    const ids = await createDemoJobs(email, 6)
    await openMyJobs(page, email)
    await expect(bodyRows(page)).toHaveCount(6)
    // The service worker controls the page once it is installed, and the list is stored on the device
    // (the persister writes at most once a second).
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null)
    await expect.poll(() => jobListStoredInPage(page)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    // The notes follow what the page believes (navigator.onLine and its events). The list's note can
    // also come from a refresh that got no answer, so it does not prove the page knows it is offline
    // yet; a download clicked before it does fails as a lost connection, never to be retried. Wait.
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false)
    await expect(page.getByText(/^You are offline\. Showing your jobs as they were at \d{2} \w{3} \d{4}, \d{2}:\d{2} (AM|PM)\.$/)).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(6)
    await expect(page.getByText('Failed to load job data. Please try again later.')).toHaveCount(0)

    await rowOf(page, ids[3]!).getByRole('button', { name: `View details of job ${ids[3]}`, exact: true }).click()
    const details = page.getByRole('dialog', { name: 'Job Details' })
    await details.getByRole('button', { name: /^Download audio file / }).first().click()
    await expect(details.getByText('You are offline. Downloading files needs a connection.')).toBeVisible()
    await details.getByRole('button', { name: 'Close' }).first().click()

    await page.getByRole('checkbox', { name: `Select job ${ids[5]}` }).check()
    await page.getByRole('button', { name: 'Delete Selected' }).click()
    const bulk = page.getByRole('dialog', { name: 'Delete Multiple Jobs' })
    await bulk.getByRole('checkbox').check()
    await bulk.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(bulk.getByText('You are offline. Deleting jobs needs a connection.')).toBeVisible()
    await context.setOffline(false)
  })
})
