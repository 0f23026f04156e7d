import { test, expect } from './support/test.ts'
import { createClerk, PASSWORD, signInThroughApi, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { expectAccessible } from './support/axe.ts'
import { expectBackTo } from './support/dialog-return.ts'

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20), Buffer.from('\n%%EOF\n')])

// src/lib/profile-query.ts: the balance is read from the profile, so the two ask once between them.
test('a load asks for the profile once: the balance and the profile menu show the same answer', async ({ page, request }) => {
  const email = uniqueEmail('shell.one-profile')
  await createClerk(request, email)
  await page.setViewportSize({ width: 1280, height: 860 })
  await signInThroughApi(page, email)
  // The first load's own GET /profile waits until its list is shown (src/lib/list-first.ts): let it be
  // answered before counting, or it can leave while the reload is being sent and count as the second.
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveAccessibleName('JF Jordan Fieldclerk Profile menu')
  await expect(page.getByText('0.00')).toBeVisible()
  const profileRequests: string[] = []
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/profile') profileRequests.push(sent.method())
  })
  await page.reload()
  // Both shown: the balance (the sidebar's; the header's own asks too, shown on phones), the name in the profile menu.
  await expect(page.getByText('0.00')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveAccessibleName('JF Jordan Fieldclerk Profile menu')
  expect(profileRequests).toEqual(['GET'])
})

test('the shell: credit, bell and notifications, and the profile dialog', async ({ page, request }) => {
  const email = uniqueEmail('shell')
  await createClerk(request, email)
  await page.setViewportSize({ width: 1280, height: 860 })
  await signInThroughApi(page, email)

  const sidebar = page.getByRole('navigation', { name: 'Main' }).or(page.getByRole('navigation').first())
  await expect(sidebar.getByRole('link', { name: 'My Jobs' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('Total Credit')).toBeVisible()
  await expect(page.getByText('0.00')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible()

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  const profile = page.getByRole('dialog', { name: 'User Profile' })
  await expect(profile.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Jordan Fieldclerk')
  await expectAccessible(page, 'the User Profile dialog')
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '')
  const update = profile.getByRole('button', { name: 'Update' })
  await expect(update).toBeDisabled()
  await profile.getByRole('textbox', { name: 'Company Name' }).fill('Fieldclerk Inventories')
  await expect(update).toBeEnabled()
  await update.click()
  await expect(profile.getByText('Profile updated successfully')).toBeVisible()
  await profile.getByRole('button', { name: 'Close' }).first().click()
  await expect(profile).toBeHidden()
  await expectBackTo(page, page.getByRole('button', { name: 'Profile menu' }))

  // The server told the clerk about the change; the bell shows it after its next poll (or a reload).
  await page.reload()
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  await bell.click()
  const item = page.getByText('Your profile details were updated.')
  await expect(item).toBeVisible()
  await expectAccessible(page, 'the notifications')
  await item.click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible()
})

test('change the password, then sign in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('rotate')
  const newPassword = 'Rotated-Pass-42!'
  await createClerk(request, email)
  await signInThroughForm(page, email)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Change Password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Password' })
  await expect(dialog.getByRole('textbox', { name: 'Current Password' })).toBeVisible()
  await expectAccessible(page, 'the Change Password dialog')
  await dialog.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD)
  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword)
  await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill(newPassword)
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please confirm this action by checking the box')
  await expectAccessible(page, 'the Change Password dialog with its message')
  await dialog.getByRole('checkbox').check()
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(dialog.getByText('Password changed successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expectBackTo(page, page.getByRole('button', { name: 'Profile menu' }))

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, email, newPassword)
})

test('upload a template, be refused a second, download it, delete it', async ({ page, request }) => {
  const email = uniqueEmail('templates')
  await createClerk(request, email)
  await signInThroughApi(page, email, '/template-management')
  await expect(page.getByRole('heading', { name: 'Template Management' })).toBeVisible()
  await expect(page.getByText('No template has been added yet.', { exact: false })).toBeVisible()
  await expectAccessible(page, 'Template Management without a template')

  await page.getByRole('textbox', { name: 'Template Name' }).fill('Inventory Standard')
  await page.getByLabel('Template File').setInputFiles({ name: 'Inspection Template.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Template uploaded successfully')).toBeVisible()
  await expect(page.getByText('Inventory Standard')).toBeVisible()

  // One template per clerk: the form says so, and the server refuses a second outright.
  await expect(page.getByText('To add a new template, remove the existing one first.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toBeDisabled()
  await expectAccessible(page, 'Template Management with a template')
  const token = await page.evaluate(() => sessionStorage.getItem('auth_token'))
  const second = await request.post('/api/clerk-template/create/', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { template_name: 'Second', template_file: { name: 'b.pdf', mimeType: 'application/pdf', buffer: PDF } },
  })
  expect(second.status()).toBe(409)
  expect(await second.json()).toEqual({ detail: 'Template already exists. Remove it and add a new one', code: 'template_exists' })

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template Inventory Standard' }).click()])
  expect(download.suggestedFilename()).toBe('Inspection Template.pdf')

  await page.getByRole('button', { name: 'Delete template Inventory Standard' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Template' })
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible()
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true })
  await expect(confirm).toBeDisabled()
  await expectAccessible(page, 'the Delete Template dialog')
  await dialog.getByRole('checkbox').check()
  await confirm.click()
  await expect(dialog).toBeHidden()
  // Found by role: the page is not left hidden by the closed dialog (issue 24 item 14).
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByText('No template has been added yet.', { exact: false })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toBeEnabled()
})

test('delete the account, then fail to sign in again', async ({ page, request }) => {
  const email = uniqueEmail('leaving')
  await createClerk(request, email)
  await signInThroughForm(page, email)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Account' })
  await dialog.getByRole('button', { name: 'Delete Account' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please confirm all statements to proceed with account deletion.')
  await expectAccessible(page, 'the Delete Account dialog')
  for (const box of await dialog.getByRole('checkbox').all()) await box.check()
  await dialog.getByRole('button', { name: 'Delete Account' }).click()
  await expect(dialog.getByText('Account deleted successfully. Redirecting to login page...')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  // Found by role: the sign-in page must not stay hidden behind the closed dialog (fluentui#35139).
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('This account is being deleted and can no longer sign in.')
})

test('on a 390 px phone the sidebar starts collapsed and opens from the header', async ({ page, request }) => {
  const email = uniqueEmail('phone')
  await createClerk(request, email)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInThroughApi(page, email)

  const templatesLink = page.getByRole('link', { name: 'Template Management' })
  await expect(templatesLink).toBeHidden()
  await page.getByRole('button', { name: 'Expand navigation' }).click()
  await expect(templatesLink).toBeVisible()
  await templatesLink.click()
  await expect(page.getByRole('heading', { name: 'Template Management' })).toBeVisible()
  await expect(templatesLink).toBeHidden()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('on a 390 px phone the Delete Account success message wraps inside the dialog', async ({ page, request }) => {
  const email = uniqueEmail('phone-leaving')
  await createClerk(request, email)
  await page.setViewportSize({ width: 390, height: 844 })
  // A held clock keeps the success message up: the 2 s sign-out waits until the layout is measured.
  await page.clock.install()
  await signInThroughApi(page, email)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Account' })
  // The dialog's chunk loads on this first opening; all() below does not wait for it.
  await expect(dialog.getByRole('checkbox').first()).toBeVisible()
  for (const box of await dialog.getByRole('checkbox').all()) await box.check()
  await page.clock.pauseAt(Date.now() + 1_000)
  await dialog.getByRole('button', { name: 'Delete Account' }).click()
  const success = dialog.getByRole('status')
  await expect(success).toHaveText('Account deleted successfully. Redirecting to login page...')

  const viewport = page.viewportSize()!
  for (const element of [dialog, success]) {
    const box = (await element.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  }
  // The message wraps onto more than one line rather than running past the dialog's edge.
  const message = success.getByText('Account deleted successfully. Redirecting to login page...')
  const messageBox = (await message.boundingBox())!
  expect(messageBox.x + messageBox.width).toBeLessThanOrEqual(viewport.width)
  const lines = await message.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })
  expect(lines).toBeGreaterThan(1)
  await page.screenshot({ path: test.info().outputPath('delete-account-390.png') })

  await page.clock.resume()
  await expect(page).toHaveURL(/\/login$/)
})
