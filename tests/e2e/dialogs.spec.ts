// The Terms and Session timeout dialogs in the product's dialog style (the gradient title bar of
// src/components/app-dialog.tsx), as a clerk on a phone sees them: texts, roles, focus and buttons.
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { expectAccessible } from './support/axe.ts'

/** The focused element's tag and name, e.g. "IFRAME Terms and Conditions". */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return element ? `${element.tagName} ${element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent?.trim() ?? ''}` : ''
  })

test('the Terms dialog from sign-up has the product’s title bar and fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/signup')
  await page.getByRole('link', { name: 'Terms and Conditions' }).click()
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' })
  await expect(dialog.getByTitle('Terms and Conditions')).toHaveAttribute('src', '/terms-and-conditions.html')
  // Focus starts in the document, as before the dialog took the product's style.
  await expect.poll(() => focusedName(page)).toBe('IFRAME Terms and Conditions')
  await expect(dialog.getByTestId('app-dialog-title-bar').getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible()
  await expectAccessible(page, 'the Terms and Conditions dialog')
  const box = (await dialog.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('terms-390.png'), animations: 'disabled' })

  await expect(dialog.getByRole('button')).toHaveText(['Close'])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toBeFocused()
  await expect(page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeChecked()
})

test('the Session timeout warning has the product’s title bar, keeps its alert role, focus and buttons', async ({ page, request }) => {
  const email = uniqueEmail('idle.style')
  await createClerk(request, email)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.clock.install()
  await signInThroughApi(page, email)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()

  await page.clock.fastForward('14:46')
  const warning = page.getByRole('alertdialog', { name: 'Session timeout' })
  await expect(warning).toContainText(/You have been inactive for a while\. For your security you will be signed out in 00:1[0-4]\./)
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused()
  await expect(warning.getByTestId('app-dialog-title-bar').getByRole('heading', { name: 'Session timeout' })).toBeVisible()
  await expect(warning.getByRole('button')).toHaveText(['Stay signed in', 'Logout'])
  await page.screenshot({ path: test.info().outputPath('session-timeout-390.png'), animations: 'disabled' })

  await warning.getByRole('button', { name: 'Stay signed in' }).click()
  await expect(warning).toBeHidden()
})
