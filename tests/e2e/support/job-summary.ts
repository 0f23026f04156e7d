// The wizard's last step, Job Summary (portal-spec.md §2): both acknowledgements ticked, the job
// submitted, its success toast, and My Jobs, where a created job sends the clerk.
import type { Locator, Page } from '@playwright/test'
import { expect } from './test.ts'

/** Ticks both acknowledgements and presses Submit; once the toast has shown and My Jobs is open, answers the new job's id and the toast. */
export async function acceptAndSubmit(page: Page): Promise<{ jobId: number; toast: Locator }> {
  await page.getByRole('checkbox', { name: 'I understand that the quality of the transcript depends on the quality of the input audio.' }).check()
  await page.getByRole('checkbox', { name: 'I understand that credits are not refundable once the job is submitted.' }).check()
  await page.getByRole('button', { name: 'Submit' }).click()
  // The toast: a list item of Fluent's Toaster named by its title (a live region repeats the words for screen readers).
  const toast = page.getByRole('listitem', { name: /^Job created successfully! Job ID: \d+$/ })
  await expect(toast).toBeVisible()
  const jobId = Number(/Job ID: (\d+)/.exec((await toast.textContent()) ?? '')![1])
  await page.waitForURL(/\/my-jobs$/)
  return { jobId, toast }
}
