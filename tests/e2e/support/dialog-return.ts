// After a dialog closes (issue 24 item 14): what stays on screen is in the accessibility tree again, and
// the focus is back on the control that opened the dialog. Role queries leave out whatever aria-hidden
// hides, so a page still hidden by a closed dialog's modal handling is not found by them.
import type { Locator, Page } from '@playwright/test'
import { expect } from './test.ts'

/** The page's main content is found by role and the opener has the focus. */
export async function expectBackTo(page: Page, opener: Locator): Promise<void> {
  await expect(page.getByRole('main')).toBeVisible()
  await expect(opener).toBeFocused()
}

/** A dialog still open under the one that closed: found by role, with the focus on its opener inside it. */
export async function expectBackInDialog(dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible()
  await expect(opener).toBeFocused()
}
