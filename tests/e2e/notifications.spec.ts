// Notifications a clerk gets from the operators' work on their jobs: each opens its job's details,
// even a job the list's dates leave out, Mark all as read leaves nothing unread, and the clerk's own
// download tells them nothing.
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { waitForAppToHoldThePage } from './support/app-running.ts'
import { expectAccessible } from './support/axe.ts'
import { expectBackTo } from './support/dialog-return.ts'
import { createDemoJobs, ops } from './support/ops.ts'

test('a job’s notification opens its Job Details; Mark all as read marks the newest too; no notice of one’s own download', async ({ page, request }) => {
  const email = uniqueEmail('notified')
  await createClerk(request, email)
  // Newest first: Submitted, Scheduled, In Progress, Completed, Downloaded, Failed.
  const ids = await createDemoJobs(email, 6)
  await ops('move', String(ids[0]), 'scheduled')
  await ops('note', String(ids[2]), 'Kitchen audio is faint; we will do our best.')
  await signInThroughApi(page, email)

  const bell = (unread: number) => page.getByRole('button', { name: `Notifications, ${unread} unread` })
  const list = page.getByRole('list', { name: 'Notifications' })
  const details = page.getByRole('dialog', { name: 'Job Details' })
  await bell(3).click()
  await expect(list.getByText('6 demo jobs were added to your account.')).toBeVisible()
  await expectAccessible(page, 'the notifications with unread ones')

  // Click: My Jobs opens the moved job's details, and the notification is read.
  await list.getByRole('link', { name: new RegExp(`Job #${ids[0]} is now Scheduled\\.`) }).click()
  await expect(details).toContainText('14 Willow Crescent, Harrogate HG2 7QD')
  await expect(page).toHaveURL(/\/my-jobs$/)
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(details).toBeHidden()
  await expect(bell(2)).toBeVisible()

  // Enter on the staff note's notification opens that job.
  await bell(2).click()
  const noteLink = list.getByRole('link', { name: new RegExp(`New staff note on job #${ids[2]}: Kitchen audio is faint`) })
  await noteLink.focus()
  await page.keyboard.press('Enter')
  await expect(details).toContainText('8 Station Approach, Didsbury, Manchester M20 2RE')
  await expect(details).toContainText('Kitchen audio is faint; we will do our best.')
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(details).toBeHidden()

  // The clerk's own transcript download moves the job to Downloaded and notifies nobody.
  await page.goto(`/my-jobs?job=${ids[3]}`)
  await expect(details).toContainText('112 Kingsway, Hove BN3 4FA')
  const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: /^Download transcript file / }).click()])
  expect(download.suggestedFilename()).toBe('Inspection report 4.txt')
  const downloaded = JSON.parse(await ops('jobs', '--clerk', email, '--status', 'Downloaded', '--json')) as { jobId: number }[]
  expect(downloaded.map((job) => job.jobId)).toContain(ids[3])
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(details).toBeHidden()

  // A note arrives after this page last asked for the list (the poll is 60 s): Mark all as read
  // still marks it, so after a reload nothing is unread, the newest included.
  await ops('note', String(ids[1]), 'Booked for tomorrow morning.')
  // (Whatever count the bell shows: a poll could have come in between on a slow machine.)
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(0)).toBeVisible()
  // Issue 24 item 14: the focus stays in the panel, so Escape closes it, back to the bell.
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expectBackTo(page, bell(0))
  await page.reload()
  // The prerendered /my-jobs shows the bell before the scripts run; a click then would open nothing.
  await waitForAppToHoldThePage(page)
  await bell(0).click()
  const newest = list.getByRole('listitem').first()
  await expect(newest).toContainText(`New staff note on job #${ids[1]}: Booked for tomorrow morning.`)
  await expect(newest).toHaveAttribute('data-unread', 'false')
  await expect(list.getByText(/Unread:/)).toHaveCount(0)
  await expect(list.getByText(new RegExp(`Job #${ids[3]} is now Downloaded`))).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('notifications.png'), animations: 'disabled' })
})

// The operator commands make jobs of the last few days only, so the list's range is moved away from
// the job instead: the job is then outside the loaded range, as an older job is outside the default.
test('a notification opens its job when the list’s dates leave that job out, and says so when the job is gone', async ({ page, request }) => {
  const email = uniqueEmail('notified.range')
  await createClerk(request, email)
  const [jobId] = await createDemoJobs(email, 1)
  await ops('move', String(jobId), 'scheduled')
  await signInThroughApi(page, email)

  await page.getByRole('combobox', { name: /^Start date/ }).fill('01/01/2020')
  await page.getByRole('combobox', { name: /^End date/ }).fill('31/01/2020')
  await expect(page.getByText('No jobs found. Try adjusting your filters or search query.')).toBeVisible()

  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click()
  await page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`Job #${jobId} is now Scheduled\\.`) }).click()
  const details = page.getByRole('dialog', { name: 'Job Details' })
  await expect(details).toContainText('14 Willow Crescent, Harrogate HG2 7QD')
  await details.getByRole('button', { name: 'Close' }).first().click()
  await expect(details).toBeHidden()
  // The list keeps the clerk's range.
  await expect(page.getByRole('combobox', { name: /^Start date/ })).toHaveValue('01/01/2020')

  // A job that is not theirs, or no longer there.
  await page.goto('/my-jobs?job=2147483647')
  await expect(details).toContainText('This job could not be found. It may have been deleted.')
})

test('a failed job’s notification says why, and its Job Details shows the Failed badge, the reason and that nothing more is expected', async ({ page, request }) => {
  const email = uniqueEmail('failed')
  await createClerk(request, email)
  // Newest first: Submitted, Scheduled, …; the operator fails the Submitted one, as `npm run ops` does.
  const [jobId] = await createDemoJobs(email, 2)
  await ops('move', String(jobId), 'failed', '--reason', 'The audio is silent after the first 40 seconds')
  await signInThroughApi(page, email)

  const list = page.getByRole('list', { name: 'Notifications' })
  const details = page.getByRole('dialog', { name: 'Job Details' })
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  await list.getByRole('link', { name: new RegExp(`Job #${jobId} is now Failed\\. Reason: The audio is silent after the first 40 seconds\\.`) }).click()

  const general = details.getByRole('region', { name: '1. General Information' })
  // Each term, then its value: the status as My Jobs' coloured badge, the reason, nothing more to come.
  await expect(general.getByRole('term')).toContainText(['Job ID', 'Status', 'Failure Reason'])
  await expect(general.locator('dd [data-status="Failed"]')).toHaveText('Failed')
  await expect(general).toContainText('Failure ReasonThe audio is silent after the first 40 seconds')
  await expect(general).toContainText('ExpectedNot expected: the job failed')
  await expectAccessible(page, 'the Job Details of a failed job')
})
