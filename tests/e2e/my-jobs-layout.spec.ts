// My Jobs on a phone, a tablet and a laptop (issue 9): every job's status is in view with nothing
// scrolling sideways, as a table from 1024 px of viewport up and as cards below; the status tabs
// that do not fit go into a More menu; the date filters take typing and a calendar on a tablet.
import type { Page } from '@playwright/test'
import { format, subDays } from 'date-fns'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { createDemoJobs, giveCredits } from './support/ops.ts'

/** The demo jobs' statuses, newest first (support/ops.ts). */
const STATUSES = ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed']
const WIDTHS = [390, 820, 1024, 1180, 1280, 1366]

/** A job's table row or card. */
const jobOf = (page: Page, jobId: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `View details of job ${jobId}`, exact: true }) })
    .or(page.getByRole('listitem', { name: `Job ${jobId}`, exact: true }))

/** How far the page, or the jobs' own region, can scroll sideways (0: not at all). */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const jobs = document.querySelector('[aria-label="Jobs"]')!
    const page = document.scrollingElement!
    return Math.max(page.scrollWidth - page.clientWidth, jobs.scrollWidth - jobs.clientWidth)
  })
}

test('every job shows its status in view, with nothing scrolling sideways, from a phone to a laptop', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('jobs.layout')
  await createClerk(request, email)
  const ids = await createDemoJobs(email, 6)
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughApi(page, email)
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()

  for (const width of WIDTHS) {
    // Loaded at that width, as a device would: the shell opens the sidebar above 768 px.
    await page.setViewportSize({ width, height: width < 1024 ? 1180 : 800 })
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
    if (width > 768) await expect(page.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute('aria-expanded', 'true')
    // A table from 1024 px up, cards below.
    const jobs = width >= 1024 ? page.getByRole('table', { name: 'Jobs' }) : page.getByRole('list', { name: 'Jobs' })
    await expect(jobs, `${width} px`).toBeVisible()
    await expect.poll(() => sidewaysScroll(page), { message: `${width} px scrolls sideways` }).toBe(0)
    for (const [index, id] of ids.entries()) {
      const status = jobOf(page, id).locator('[data-status]')
      await status.scrollIntoViewIfNeeded()
      await expect(status, `job ${id} at ${width} px`).toHaveText(STATUSES[index]!)
      await expect(status, `job ${id} at ${width} px`).toBeInViewport({ ratio: 1 })
      // Nothing covers it: the point at its middle is the badge itself.
      const covered = await status.evaluate((badge) => {
        const box = badge.getBoundingClientRect()
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return !(top && badge.contains(top))
      })
      expect(covered, `job ${id}'s status is covered at ${width} px`).toBe(false)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: testInfo.outputPath(`myjobs-${width}.png`), fullPage: true })
  }
})

test('the status tabs that do not fit go into a More menu, and the chosen one stays in view', async ({ page, request }) => {
  const email = uniqueEmail('jobs.tabs')
  await createClerk(request, email)
  await createDemoJobs(email, 6)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInThroughApi(page, email)
  const tabs = page.getByRole('tablist', { name: 'Job status' })
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()

  const more = tabs.getByRole('tab', { name: /^More statuses \(\d hidden\)$/ })
  await expect(more).toBeInViewport({ ratio: 1 })
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0)
  await more.click()
  await page.getByRole('menuitem', { name: 'Failed' }).click()
  await expect(page.getByRole('heading', { name: 'Showing Failed jobs' })).toBeVisible()
  await expect(tabs.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.getByRole('tab', { name: 'Failed' })).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem')).toHaveCount(1)

  // Wide enough, every tab shows and there is no menu.
  await page.setViewportSize({ width: 1366, height: 900 })
  await expect(tabs.getByRole('tab')).toHaveCount(7)
  await expect(tabs.getByRole('tab', { name: /^More/ })).toHaveCount(0)
})

test('on a tablet the dates can be typed with a "/" and picked from a calendar', async ({ page, request }) => {
  const email = uniqueEmail('jobs.dates')
  await createClerk(request, email)
  await createDemoJobs(email, 2)
  await page.setViewportSize({ width: 820, height: 1180 })
  await signInThroughApi(page, email)
  await expect(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem')).toHaveCount(2)

  // A text keyboard, which has "/", rather than a numeric keypad.
  const start = page.getByRole('combobox', { name: /^Start date/ })
  await expect(start).toHaveAttribute('inputmode', 'text')

  // Typing a date: an impossible one is refused with a message, a real one is applied.
  await start.fill('31/02/2026')
  await expect(page.getByText('Enter a date as dd/MM/yyyy')).toBeVisible()
  const typed = format(subDays(new Date(), 30), 'dd/MM/yyyy')
  await start.fill(typed)
  await start.press('Tab')
  await expect(page.getByText('Enter a date as dd/MM/yyyy')).toHaveCount(0)
  await expect(start).toHaveValue(typed)
  await page.reload()
  await expect(page.getByRole('combobox', { name: /^Start date/ })).toHaveValue(typed)

  // Picking a day: the calendar opens from the field's icon, and a tap on a day fills the field.
  const end = page.getByRole('combobox', { name: /^End date/ })
  await page.getByRole('button', { name: 'Choose end date from a calendar' }).click()
  const calendar = page.getByRole('dialog', { name: 'Calendar' })
  await expect(calendar).toBeVisible()
  const today = new Date()
  await calendar.getByRole('button', { name: format(today, 'd, MMMM, yyyy'), exact: true }).click()
  await expect(calendar).toBeHidden()
  await expect(end).toHaveValue(format(today, 'dd/MM/yyyy'))
  await expect(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem')).toHaveCount(2)

  // And from the keyboard: Arrow Down opens it, Enter picks the focused day.
  await end.focus()
  await end.press('ArrowDown')
  await expect(calendar).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()
})

test('on a phone the first job is in view without scrolling: the filters fold behind a Filters button that counts those set, and the header shows the balance', async ({ page, request }) => {
  const email = uniqueEmail('jobs.phone')
  await createClerk(request, email)
  await createDemoJobs(email, 6)
  await giveCredits(email, 25)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInThroughApi(page, email)
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()

  const firstJob = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first()
  await expect(firstJob).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const filters = page.getByRole('button', { name: /^Filters/ })
  await expect(filters).toHaveAccessibleName('Filters')
  await expect(filters).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('combobox', { name: 'Report type' })).toBeHidden()
  await expect(page.getByRole('banner').getByText('25.00')).toBeVisible()
  await page.screenshot({ path: '/tmp/portal-b/my-jobs-390.png' })

  // Opened, the filters are all there; each one set is counted on the button, also once folded again.
  await filters.click()
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  const reportType = page.getByRole('combobox', { name: 'Report type' })
  await expect(reportType).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeVisible()
  await reportType.selectOption({ index: 1 })
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('a')
  await expect(filters).toHaveAccessibleName('Filters (2 set)')
  await page.screenshot({ path: '/tmp/portal-b/my-jobs-390-filters-open.png' })
  await filters.click()
  await expect(reportType).toBeHidden()
  await expect(filters).toContainText('2')
  await filters.click()
  await reportType.selectOption('')
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('')
  await expect(filters).toHaveAccessibleName('Filters')

  // A tablet (820 px) has room: the filters show as they are, without the button, and the balance is in the sidebar.
  await page.setViewportSize({ width: 820, height: 1180 })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Report type' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden()
  await expect(page.getByRole('banner').getByText('Total Credit')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/portal-b/my-jobs-820.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.reload()
  await expect(page.getByRole('table', { name: 'Jobs' })).toBeVisible()
  await page.screenshot({ path: '/tmp/portal-b/my-jobs-1280.png' })
})
