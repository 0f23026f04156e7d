// The prerendered My Jobs shell (docs/decisions/prerendered-my-jobs-shell.md): the
// document /my-jobs receives holds the signed-in frame and My Jobs' heading, filters, status tabs and spinner, with
// nothing of any clerk in it; React takes it over (hydration) without a mismatch and the clerk's jobs
// then show, where they were, at a phone's, a tablet's and a desktop's width; a signed-out visitor
// still ends on the sign-in page; offline, the worker answers with the same document and the stored
// list shows.
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { chunkOf, holdRequests } from './support/built-chunks.ts'
import { consoleProblems } from './support/console-problems.ts'
import { createDemoJobs } from './support/ops.ts'
import { waitForServiceWorkerControl } from './support/installed-app.ts'
import { jobListStoredInPage } from './support/offline-jobs.ts'

const viewButton = (page: Page, jobId: number) => page.getByRole('button', { name: `View details of job ${jobId}`, exact: true })
/** One per job shown, in the table (a desktop) or the cards (a tablet or phone). */
const shownJobs = (page: Page) => page.getByRole('button', { name: /^View details of job \d+$/ })

/** Holds the entry script until the returned function is called: the document shows without any script. */
async function holdEntry(page: Page): Promise<() => void> {
  return holdRequests(page, chunkOf('index.html'))
}

/** What the filters show first: the search field, or on a phone (768 px or less) the Filters button. */
const filterControl = (page: Page) =>
  page.viewportSize()!.width <= 768 ? page.getByRole('button', { name: 'Filters', exact: true }) : page.getByRole('searchbox', { name: 'Search jobs' })

async function expectTheShell(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Showing all jobs' })).toBeVisible()
  // On a phone the sidebar is a closed drawer: there, not shown.
  const navigation = page.getByRole('navigation', { name: 'Main navigation', includeHidden: true })
  await expect(navigation.getByRole('link', { name: 'Create Job', includeHidden: true })).toHaveAttribute('href', '/create-job')
  // On a phone the filters are folded behind their button (docs/decisions/my-jobs-on-a-phone.md).
  await expect(filterControl(page)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Start date', includeHidden: true })).toHaveValue('')
  await expect(page.getByRole('tablist', { name: 'Job status' }).getByRole('tab', { name: 'All', selected: true })).toBeVisible()
  await expect(page.getByText('Loading jobs', { exact: true })).toBeVisible()
}

/** True once React has attached its instance to the element: hydrated, not drawn again. */
const hydratedNode = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const element = document.querySelector(css)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
  }, selector)

/** A new clerk with six demo jobs, signed in (through the API: the sign-in is not the subject here) at `width` px and shown the six; answers the jobs' ids. */
async function signedInWithSixJobs(page: Page, request: APIRequestContext, name: string, width: number): Promise<number[]> {
  const email = uniqueEmail(name)
  await createClerk(request, email)
  const ids = await createDemoJobs(email, 6)
  await page.setViewportSize({ width, height: 900 })
  await signInThroughApi(page, email)
  await expect(shownJobs(page)).toHaveCount(6)
  return ids
}

interface SentApiRequest {
  path: string
  query: URLSearchParams
  ifNoneMatch: string | null
  /** Once answered. */
  status?: number
}

/** The page's API requests from now on, in the order sent, each with its answer's status once answered. */
function apiRequestsOf(page: Page): SentApiRequest[] {
  const sent: SentApiRequest[] = []
  page.on('request', (sentRequest) => {
    const url = new URL(sentRequest.url())
    if (!url.pathname.startsWith('/api/')) return
    const seen: SentApiRequest = { path: url.pathname, query: url.searchParams, ifNoneMatch: sentRequest.headers()['if-none-match'] ?? null }
    sent.push(seen)
    // A request still unanswered when the test ends (the last reload's list, read by a worker) rejects
    // then: it simply has no status.
    sentRequest.response().then(
      (response) => {
        if (response) seen.status = response.status()
      },
      () => undefined,
    )
  })
  return sent
}

const isDashboard = (seen: SentApiRequest) => seen.path === '/api/clerk/dashboard'

/** Clears what the device keeps (the list's copy and its mark), as another device or a cleared browser would have it; the session stays. */
async function forgetDeviceCopy(page: Page): Promise<void> {
  await page.goto('/terms-and-conditions.html')
  await page.evaluate(async () => {
    localStorage.clear()
    await new Promise((resolve, reject) => {
      const deletion = indexedDB.deleteDatabase('inspectscribe')
      deletion.onsuccess = resolve
      deletion.onerror = () => reject(deletion.error)
      deletion.onblocked = () => reject(new Error('the portal database is still open'))
    })
  })
}

/** Opens /my-jobs with the entry script held and waits for the shell; the returned function lets the scripts run. */
async function openShellBeforeScripts(page: Page): Promise<() => void> {
  const release = await holdEntry(page)
  await page.goto('/my-jobs', { waitUntil: 'commit' })
  await expectTheShell(page)
  return release
}

test('the HTML served for /my-jobs holds the signed-in shell and nothing of the clerk', async ({ page, request }) => {
  const email = uniqueEmail('shell.html')
  await createClerk(request, email, undefined, 'Quentin Prerender')
  await createDemoJobs(email, 3)
  await signInThroughApi(page, email)
  // Asked with the clerk's own cookies (the refresh cookie): the document is the same for everyone.
  const html = await (await page.request.get('/my-jobs', { headers: { accept: 'text/html' } })).text()
  expect(html).toContain('<title>My Jobs · InspectScribe</title>')
  expect(html).toContain('data-prerendered="/my-jobs"')
  for (const text of ['>My Jobs</h1>', '>Showing all jobs</h2>', '>Create Job<', '>Template Management<', '>Total Credit<', '>Add Credit<', '>Search jobs<', 'aria-label="Job status"', '>Completed<', '>Loading jobs<']) {
    expect(html).toContain(text)
  }
  for (const personal of [email, 'Quentin', 'Prerender', '>QP<', 'View details of job']) expect(html).not.toContain(personal)
  expect(html).not.toContain('type="password"')
  // Only /my-jobs: the paths that redirect there, and the other signed-in pages, keep the plain document.
  for (const pathname of ['/dashboard', '/create-job', '/', '/my-jobs/']) {
    const other = await (await page.request.get(pathname, { headers: { accept: 'text/html' } })).text()
    expect(other).not.toContain('data-prerendered')
  }
})

test.describe('the first load, before and after the scripts', () => {
  // page.route holds the entry only for requests the page makes itself, not the worker's. Blocked by
  // the config too; said here as well, since these tests rely on it.
  test.use({ serviceWorkers: 'block' })

  for (const width of [390, 820, 1280]) {
    test(`at ${width} px the shell shows before any script, React takes it over without a mismatch, and the jobs then show with nothing moved`, async ({ page, request }) => {
      const ids = await signedInWithSixJobs(page, request, `shell.hydrate.${width}`, width)
      const problems = consoleProblems(page)

      const release = await openShellBeforeScripts(page)
      const heading = page.getByRole('heading', { level: 1, name: 'My Jobs' })
      const search = filterControl(page)
      const tabs = page.getByRole('tablist', { name: 'Job status' })
      const before = { heading: await heading.boundingBox(), search: await search.boundingBox(), tabs: await tabs.boundingBox() }
      // The sidebar is open beside the page on a tablet and a desktop, and out of sight on a phone.
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
      if (width <= 768) await expect(sidebar).toBeHidden()
      else await expect(sidebar).toBeVisible()
      expect(await hydratedNode(page, 'main h1')).toBe(false)
      const prerenderedHeading = await heading.elementHandle()
      const prerenderedTabs = await tabs.elementHandle()

      release()
      await expect.poll(() => hydratedNode(page, 'main h1')).toBe(true)
      // Taken over, not drawn again: the document's own heading is still the one on the page.
      expect(await prerenderedHeading!.evaluate((element) => element.isConnected)).toBe(true)
      await expect(viewButton(page, ids[0]!)).toBeVisible()
      // The status tabs too: mounted before the jobs, they do not measure themselves when the jobs come
      // (docs/decisions/status-tabs-before-the-jobs.md).
      expect(await prerenderedTabs!.evaluate((element) => element.isConnected)).toBe(true)
      await expect(shownJobs(page)).toHaveCount(6)
      // Nothing above the list moved: the heading, the search field (the Filters button on a phone) and the tabs are where the document put them.
      expect(await heading.boundingBox()).toEqual(before.heading)
      expect(await search.boundingBox()).toEqual(before.search)
      expect(await tabs.boundingBox()).toEqual(before.tabs)
      if (width <= 768) await expect(sidebar).toBeHidden()
      else await expect(sidebar).toBeVisible()
      await expect(page.getByRole('button', { name: width <= 768 ? 'Expand navigation' : 'Collapse navigation' })).toBeVisible()
      expect(problems).toEqual([])
    })
  }

  // Issue 24 item 15: nothing typed before the scripts is lost.
  test('a search typed before the scripts have run is kept and finds the job once they have; what cannot work yet looks disabled', async ({ page, request }) => {
    const ids = await signedInWithSixJobs(page, request, 'shell.search', 1280)
    const problems = consoleProblems(page)

    const release = await openShellBeforeScripts(page)
    // What cannot work before the scripts looks so: the choices and the dates are disabled.
    const startDate = page.getByRole('combobox', { name: 'Start date' })
    const reportType = page.getByRole('combobox', { name: 'Report type' })
    for (const control of [startDate, reportType]) await expect(control).toBeDisabled()
    // The search takes typing.
    const search = page.getByRole('searchbox', { name: 'Search jobs' })
    await search.click()
    await page.keyboard.type('Willow')
    release()
    await expect.poll(() => hydratedNode(page, 'main h1')).toBe(true)
    await expect(viewButton(page, ids[0]!)).toBeVisible()
    for (const control of [startDate, reportType]) await expect(control).toBeEnabled()
    await expect(search).toHaveValue('Willow')
    // In React's state: the list is searched for it (only 14 Willow Crescent), and more typing adds to it.
    await expect(shownJobs(page)).toHaveCount(1)
    await search.press('End')
    await page.keyboard.type(' Crescent')
    await expect(search).toHaveValue('Willow Crescent')
    await expect(shownJobs(page)).toHaveCount(1)
    expect(problems).toEqual([])
  })

  // src/lib/early-tap.ts: on a phone the filters and the navigation are behind toggles the shell already shows.
  test('on a phone, a tap on Filters or on the navigation toggle before the scripts have run is applied once they have', async ({ page, request }) => {
    const ids = await signedInWithSixJobs(page, request, 'shell.early-tap', 390)
    const problems = consoleProblems(page)

    let release = await openShellBeforeScripts(page)
    const filters = page.getByRole('button', { name: 'Filters', exact: true })
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await filters.click()
    release()
    await expect.poll(() => hydratedNode(page, 'main h1')).toBe(true)
    await expect(viewButton(page, ids[0]!)).toBeVisible()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeVisible()
    // Once, not twice: the panel stays open, and the next tap folds it.
    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'false')

    await page.unrouteAll({ behavior: 'wait' })
    release = await openShellBeforeScripts(page)
    // The shell is drawn for every width, before the script knows it is a phone: its toggle's name says so only after.
    await page.getByRole('banner').getByRole('button', { name: /^(Expand|Collapse) navigation$/ }).click()
    release()
    await expect.poll(() => hydratedNode(page, 'main h1')).toBe(true)
    await expect(page.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Create Job' })).toBeVisible()
    expect(problems).toEqual([])
  })

  // The header's bell keeps an early tap too (notification-bell.tsx): a reload of My Jobs and a tap on it
  // at once did nothing before, on a machine fast enough to show the prerendered bell that early.
  test('a tap on the bell before the scripts have run opens the notifications once they have', async ({ page, request }) => {
    await signedInWithSixJobs(page, request, 'shell.early-bell', 1280)
    const problems = consoleProblems(page)
    const release = await openShellBeforeScripts(page)
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ })
    await expect(bell).toHaveAttribute('aria-expanded', 'false')
    await bell.click()
    release()
    await expect.poll(() => hydratedNode(page, 'main h1')).toBe(true)
    await expect(bell).toHaveAttribute('aria-expanded', 'true')
    // Once, not twice: the next tap closes it.
    await bell.click()
    await expect(bell).toHaveAttribute('aria-expanded', 'false')
    expect(problems).toEqual([])
  })

  // docs/decisions/list-asked-for-by-the-entry.md
  test('a load with no copy of the list on the device asks for its newest jobs before the page asks for anything (here the whole list); with a copy, only whether it changed', async ({ page, request }) => {
    await signedInWithSixJobs(page, request, 'shell.early-list', 390)
    await expect.poll(() => jobListStoredInPage(page)).toBe(true)
    const sent = apiRequestsOf(page)

    // With the copy: no early request; the page asks with the copy's ETag, and the answer is a 304.
    await page.reload()
    await expect(shownJobs(page)).toHaveCount(6)
    await expect.poll(() => sent.filter(isDashboard).length).toBeGreaterThan(0)
    const withCopy = sent.filter(isDashboard)
    expect(withCopy).toHaveLength(1)
    expect(withCopy[0]!.ifNoneMatch).toMatch(/^(W\/)?"/)
    await expect.poll(() => withCopy[0]!.status).toBe(304)

    // Without it (another device, or a cleared one): the newest jobs are asked for by the entry, before
    // the page's first request of its own; six are the whole range, so that answer is the list, with
    // its ETag, and nothing more is asked (docs/decisions/first-page-first.md).
    await forgetDeviceCopy(page)
    sent.length = 0
    await page.goto('/my-jobs')
    await expect(shownJobs(page)).toHaveCount(6)
    await expect.poll(() => sent.some((seen) => seen.path === '/api/lookup/report-types')).toBe(true)
    const withoutCopy = sent.filter(isDashboard)
    expect(withoutCopy.map((seen) => [seen.query.get('limit'), seen.ifNoneMatch])).toEqual([['100', null]])
    expect(sent.indexOf(withoutCopy[0]!)).toBe(0)
    // That answer is the copy this device keeps, and the next load asks with its ETag.
    await expect.poll(() => jobListStoredInPage(page)).toBe(true)
    sent.length = 0
    await page.reload()
    await expect(shownJobs(page)).toHaveCount(6)
    await expect.poll(() => sent.filter(isDashboard).length).toBeGreaterThan(0)
    expect(sent.filter(isDashboard).map((seen) => [seen.query.get('limit'), seen.ifNoneMatch?.replace(/^W\//, '')])).toEqual([[null, expect.stringMatching(/^"/)]])
  })

  test('with more jobs than the first pages and no copy on the device, the newest show with the range’s count before the whole list, and the last page waits for it', async ({ page, request }) => {
    test.setTimeout(180_000)
    const email = uniqueEmail('shell.first-page')
    await createClerk(request, email)
    const newest = (await createDemoJobs(email, 130))[0]!
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInThroughApi(page, email)
    await expect(shownJobs(page)).toHaveCount(10)
    await forgetDeviceCopy(page)
    const problems = consoleProblems(page)
    // The whole list held until the test lets it go; the first pages (a request with a limit) are not.
    let releaseWholeList!: () => void
    const wholeListReleased = new Promise<void>((resolve) => (releaseWholeList = resolve))
    await page.route(
      (url) => url.pathname === '/api/clerk/dashboard' && !url.searchParams.has('limit'),
      async (route) => {
        await wholeListReleased
        await route.continue()
      },
    )

    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    await page.goto('/my-jobs')
    await expect(viewButton(page, newest)).toBeVisible()
    await expect(shownJobs(page)).toHaveCount(10)
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await expect(pagination.getByText('1–10 of 130')).toBeVisible()
    // Page 2 is among the newest hundred: at once, though the whole list is still held.
    await pagination.getByRole('button', { name: 'Page 2' }).click()
    await expect(pagination.getByText('11–20 of 130')).toBeVisible()
    await expect(shownJobs(page)).toHaveCount(10)
    await expect(viewButton(page, newest)).toHaveCount(0)
    // The last page is not: it waits for the whole list.
    await pagination.getByRole('button', { name: 'Page 13' }).click()
    await expect(page.getByText('Loading jobs')).toBeVisible()
    await expect(shownJobs(page)).toHaveCount(0)

    releaseWholeList()
    await expect(pagination.getByText('121–130 of 130')).toBeVisible()
    await expect(shownJobs(page)).toHaveCount(10)
    await expect(page.getByText('Loading jobs')).toHaveCount(0)
    // Read by a worker, away from the page's main thread (read-in-worker.ts); the first pages were not.
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/answer-reader\.worker-[\w-]+\.js$/)])
    // The whole list is the copy this device keeps.
    await expect.poll(() => jobListStoredInPage(page)).toBe(true)
    expect(problems).toEqual([])
  })

  test('a signed-out visitor sees the shell until the scripts run, then the sign-in page', async ({ page }) => {
    const release = await openShellBeforeScripts(page)
    release()
    await expect(page).toHaveURL(/\/login$/)
    // Sent there by the signed-in pages' guard, which names where the visitor was going.
    expect(await page.evaluate(() => (window.history.state as { usr?: { from?: string } } | null)?.usr?.from)).toBe('/my-jobs')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'My Jobs' })).toHaveCount(0)
    // Not told that a session timed out: there was none.
    await expect(page.getByText('Your session has timed out due to inactivity. Please log in again.')).toHaveCount(0)
  })
})

test.describe('offline', () => {
  // The worker's prerendered document is the subject (playwright.config.ts blocks the worker elsewhere).
  test.use({ serviceWorkers: 'allow' })

  test('offline, /my-jobs is the prerendered document from the worker, and the stored list shows in it', async ({ page, context, request }) => {
    const ids = await signedInWithSixJobs(page, request, 'shell.offline', 820)
    await waitForServiceWorkerControl(page)
    await expect.poll(() => jobListStoredInPage(page)).toBe(true)
    // What the document held before any script ran: read as soon as it is parsed.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as Window & { prerenderedAs?: string }).prerenderedAs = document.getElementById('root')?.dataset.prerendered ?? 'none'
      })
    })
    const problems = consoleProblems(page)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByText('You are offline. Showing what was stored on this device.')).toBeVisible()
    await expect(shownJobs(page)).toHaveCount(6)
    await expect(viewButton(page, ids[0]!)).toBeVisible()
    expect(await page.evaluate(() => (window as Window & { prerenderedAs?: string }).prerenderedAs)).toBe('/my-jobs')
    // Offline requests fail as the browser reports them; nothing else.
    expect(problems.filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([])
    await context.setOffline(false)
  })
})
