import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, PASSWORD, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { expectAccessible } from './support/axe.ts'
import { waitForMail } from './support/mailbox.ts'

/**
 * Stops the page's clock (installed before sign-in) and then acts once, so the inactivity countdown
 * starts at a known moment: from here on its time moves only when the test moves it, however slowly
 * the machine runs. The key press is activity (src/features/auth/use-inactivity-timer.ts).
 */
async function startIdleFromAStoppedClock(page: Page): Promise<void> {
  // pauseAt refuses a moment the page's clock has already passed (a slow machine between the read and
  // the call): read again and retry until it takes.
  await expect(async () => {
    const pageNow = await page.evaluate(() => Date.now())
    await page.clock.pauseAt(pageNow + 1_000)
  }).toPass()
  await page.keyboard.press('Shift')
}

test('sign up, open the e-mailed link, complete the profile, sign in and sign out', async ({ page }) => {
  const email = uniqueEmail('new.clerk')
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  // The prerendered form shows Show disabled until the scripts have taken it over; its colours then
  // change with a transition, which axe must not catch half-way.
  await expect(page.getByRole('button', { name: 'Show password' })).toBeEnabled()
  await expectAccessible(page, 'Sign in')
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible()
  await expectAccessible(page, 'Sign up')

  await page.getByRole('textbox', { name: 'Full Name' }).fill('Morgan Newclerk')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeDisabled()
  await page.getByRole('checkbox').check()
  await continueButton.click()

  await expect(page).toHaveURL(/\/emailrequest$/)
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expectAccessible(page, 'Sign up: check your email')

  const mail = await waitForMail(email, 'Complete your InspectScribe sign-up')
  expect(mail.text).toContain('Hello Morgan Newclerk,')
  expect(mail.linkPath).toMatch(/^\/signup\/continue\?token=/)
  await page.goto(mail.linkPath)

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Morgan Newclerk')
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('07700 900456')
  await page.getByRole('textbox', { name: 'Company Name' }).fill('Newclerk Inventories')
  await page.getByRole('textbox', { name: 'Address' }).fill('2 Station Road, Leeds')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD)
  await expect(page.getByText('Strong')).toBeVisible()
  await expectAccessible(page, 'Complete your profile')
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page.getByText('Signup Successful. Redirecting to Sign In page...')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Account created successfully! You can now log in.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/my-jobs$/)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  // The profile menu is named by what it shows, the initials and the name, then what it is.
  const profileMenu = page.getByRole('button', { name: 'Profile menu' })
  await expect(profileMenu).toHaveAccessibleName('MN Morgan Newclerk Profile menu')
  await expect(page.getByRole('heading', { name: 'Showing all jobs' })).toBeVisible()
  await expectAccessible(page, 'My Jobs without jobs')

  await profileMenu.click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).toBeNull()
  await page.goto('/my-jobs')
  await expect(page).toHaveURL(/\/login$/)
})

test('forgot password, open the e-mailed link, reset, and sign in with the new password', async ({ page, request }) => {
  const email = uniqueEmail('forgetful')
  const newPassword = 'Brand-New-Pass-9?'
  await createClerk(request, email)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot Password' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  // The page loads lazily: until its heading shows, the Email field on screen is still the sign-in form's.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
  await expectAccessible(page, 'Forgot password')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('If an account exists for this email, a reset link has been sent. Please check your email.')).toBeVisible()
  await expectAccessible(page, 'Forgot password: link sent')

  const mail = await waitForMail(email, 'Reset your InspectScribe password')
  await page.goto(mail.linkPath)
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible()
  await expectAccessible(page, 'Reset password')
  await page.getByRole('textbox', { name: 'New Password' }).fill(newPassword)
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Your password has been reset successfully.')).toBeVisible()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Password has been reset successfully! You can now log in with your new password.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Invalid Credentials')).toBeVisible()
  await expectAccessible(page, 'Sign in: Invalid Credentials')

  await signInThroughForm(page, email, newPassword)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
})

test('15 minutes without activity: a warning with a countdown, then a forced logout', async ({ page, request }) => {
  const email = uniqueEmail('idle')
  await createClerk(request, email)
  await page.clock.install()
  await signInThroughForm(page, email)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  await startIdleFromAStoppedClock(page)

  // The page's clock moves only when the test moves it, so the countdown reads exactly.
  await page.clock.fastForward('14:46')
  const warning = page.getByRole('alertdialog', { name: 'Session timeout' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('You have been inactive for a while. For your security you will be signed out in 00:14.')
  await expect(warning.getByRole('timer')).toHaveText('00:14')
  await page.clock.runFor(1_000)
  await expect(warning.getByRole('timer')).toHaveText('00:13')
  await page.clock.runFor(12_000)
  await expect(warning.getByRole('timer')).toHaveText('00:01')
  await expect(page).toHaveURL(/\/my-jobs$/)

  await page.clock.runFor(1_000)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your session has timed out due to inactivity. Please log in again.')).toBeVisible()
  // The warning was open when the page changed; the sign-in form must still be reachable by role.
  await page.clock.runFor(1_000)
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
  expect(await page.evaluate(() => [sessionStorage.getItem('auth_token'), sessionStorage.getItem('forced_logout')])).toEqual([null, 'true'])
})

test('activity before the deadline keeps the clerk signed in', async ({ page, request }) => {
  const email = uniqueEmail('busy')
  await createClerk(request, email)
  await page.clock.install()
  await signInThroughForm(page, email)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  await startIdleFromAStoppedClock(page)

  await page.clock.fastForward('14:50')
  const warning = page.getByRole('alertdialog', { name: 'Session timeout' })
  await expect(warning.getByRole('timer')).toHaveText('00:10')
  await page.getByRole('button', { name: 'Stay signed in' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  // Without the click the clerk would have been signed out 10 s later.
  await page.clock.runFor(30_000)
  await expect(page).toHaveURL(/\/my-jobs$/)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
})

test('a 403 from the server ends the session and opens the sign-in page', async ({ page, request }) => {
  const email = uniqueEmail('forbidden')
  await createClerk(request, email)
  await signInThroughForm(page, email)
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveAccessibleName('JF Jordan Fieldclerk Profile menu')

  // Damage the token's signature but keep its expiry, as a stolen or stale token would look.
  await page.evaluate(() => {
    const token = sessionStorage.getItem('auth_token')!
    sessionStorage.setItem('auth_token', `${token.slice(0, -4)}AAAA`)
  })
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => [sessionStorage.getItem('auth_token'), sessionStorage.getItem('token_expiry'), sessionStorage.getItem('user_role')])).toEqual([null, null, null])
})

test('a wrong password shows "Invalid Credentials"', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid Credentials')
})
