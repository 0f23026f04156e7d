// One search keystroke on My Jobs with 5,000 jobs loaded, in Chromium: the page measures its own
// filter, sort and page work as the performance measure "jobs:select" (src/features/jobs/lib/select-jobs.ts).
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'

export interface KeystrokeFigures {
  rows: number
  medianMs: number
  worstMs: number
}

export async function measureSearchKeystrokes(baseUrl: string, credentials: { email: string; password: string }): Promise<KeystrokeFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ baseURL: baseUrl })
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(/\/my-jobs$/)
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor({ timeout: 60_000 })
    const search = page.getByRole('searchbox', { name: 'Search jobs' }).or(page.getByRole('textbox', { name: 'Search jobs' }))
    const durations: number[] = []
    // Each key narrows the list further; the Backspaces widen it again, the last to the whole list.
    for (const key of ['k', 'i', 'n', 'g', 's', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace']) {
      await page.evaluate(() => performance.clearMeasures('jobs:select'))
      await search.press(key)
      await page.waitForFunction(() => performance.getEntriesByName('jobs:select').length > 0)
      durations.push(await page.evaluate(() => Math.max(...performance.getEntriesByName('jobs:select').map((entry) => entry.duration))))
    }
    const sorted = [...durations].sort((a, b) => a - b)
    return { rows: 5000, medianMs: sorted[Math.floor(sorted.length / 2)]!, worstMs: sorted.at(-1)! }
  } finally {
    await browser.close()
  }
}
