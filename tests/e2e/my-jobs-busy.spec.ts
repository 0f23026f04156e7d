// A busy clerk: 5,000 jobs in the list's range, made by the operator command line in one call. The
// list's 60 s refresh runs on the page's clock (Playwright's page.clock, moved 60 s on), not on a real
// minute: unchanged, the server answers 304 to the ETag the page sends; after the operator moves a job,
// the next refresh brings the new status into the table.
import type { Page, Response } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { createDemoJobs, ops } from './support/ops.ts'

const BUSY_JOBS = 5000

const rowOf = (page: Page, jobId: number) =>
  page
    .getByRole('table', { name: 'Jobs' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `View details of job ${jobId}`, exact: true }) })

/** The next answer to the list's call for the whole list (not the first page a load starts with: docs/decisions/first-page-first.md). */
const nextDashboardAnswer = (page: Page): Promise<Response> =>
  page.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === '/api/clerk/dashboard' && !url.searchParams.has('limit') && response.request().method() === 'GET'
  })

test('with 5,000 jobs, the 60 s refresh is a 304 while nothing changed and shows the operator’s status change after it', async ({ page, request }) => {
  test.setTimeout(300_000)
  const email = uniqueEmail('busy')
  await createClerk(request, email)
  // Newest first: Submitted, Scheduled, In Progress, Completed, Downloaded, Failed, then again.
  const ids = await createDemoJobs(email, BUSY_JOBS)
  expect(ids).toHaveLength(12)

  await page.clock.install()
  await page.setViewportSize({ width: 1366, height: 900 })
  // The first build of a 5,000-job list is the server's slowest answer (its speed is the bench's
  // business, not this test's); on a busy 2-core machine it can outlast expect's limit, so wait for it.
  const firstList = nextDashboardAnswer(page)
  await signInThroughApi(page, email)
  expect((await firstList).status()).toBe(200)
  const newest = rowOf(page, ids[0]!)
  await expect(newest).toContainText('Submitted')
  await expect(page.getByText(/^1–10 of 5,?000$/)).toBeVisible()

  // A minute later on the page's clock, nothing has changed: the page names its list, the server says 304.
  const unchanged = nextDashboardAnswer(page)
  await page.clock.fastForward(60_000)
  const notModified = await unchanged
  expect(notModified.status()).toBe(304)
  expect(await notModified.request().headerValue('if-none-match')).toBe(await notModified.headerValue('etag'))
  await expect(newest).toContainText('Submitted')

  await ops('move', String(ids[0]), 'scheduled')
  const changed = nextDashboardAnswer(page)
  await page.clock.fastForward(60_000)
  expect((await changed).status()).toBe(200)
  await expect(newest).toContainText('Scheduled')
  await expect(newest).not.toContainText('Submitted')
})
