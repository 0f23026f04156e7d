// The prerendered sign-in page (docs/decisions/prerendered-sign-in-page.md): the
// document /login receives holds the sign-in form before any script runs, React takes that form over
// (hydration) without a mismatch or losing what was typed, and no signed-in page ever shows it.
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, PASSWORD, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { chunkOf, holdRequests } from './support/built-chunks.ts'
import { consoleProblems } from './support/console-problems.ts'

async function expectTheSignInForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password')
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
}

test('the HTML served for /login holds the sign-in form; the HTML of the other paths holds none', async ({ request }) => {
  const html = async (pathname: string) => (await request.get(pathname, { headers: { accept: 'text/html' } })).text()
  const login = await html('/login')
  expect(login).toContain('<title>Sign in · InspectScribe</title>')
  for (const text of ['>Sign in</h1>', '>Email<', '>Password<', 'name="email"', 'name="password"', '>Sign In<', '>Forgot Password<', '>Sign up<']) {
    expect(login).toContain(text)
  }
  for (const pathname of ['/my-jobs', '/create-job', '/signup', '/']) {
    const other = await html(pathname)
    expect(other).not.toContain('name="password"')
    expect(other).not.toContain('>Sign In<')
    // The brand line of index.html, or (at /my-jobs) the header of the prerendered signed-in shell.
    expect(other).toMatch(/<span( class="[^"]*")?>InspectScribe<\/span>/)
  }
})

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false })

  test('/login shows the whole sign-in form, /my-jobs its signed-in shell and no sign-in form, /create-job only the brand', async ({ page }) => {
    await page.goto('/login')
    await expectTheSignInForm(page)
    await expect(page).toHaveTitle('Sign in · InspectScribe')

    await page.goto('/my-jobs')
    await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0)

    await page.goto('/create-job')
    await expect(page.getByText('InspectScribe', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0)
    await expect(page.getByRole('textbox')).toHaveCount(0)
  })
})

test('React takes over the prerendered form without a mismatch, and signs in with what was typed before it ran', async ({ page, request }) => {
  const email = uniqueEmail('prerender.early')
  await createClerk(request, email)
  const problems = consoleProblems(page)
  const release = await holdRequests(page, chunkOf('index.html'))

  // A first visit: no service worker answers yet, so page.route holds the entry.
  // The document is there, its scripts are not: the form shows and takes typing already.
  await page.goto('/login', { waitUntil: 'commit' })
  await expectTheSignInForm(page)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  const prerenderedForm = await page.locator('form').elementHandle()

  release()
  // Hydrated: React has attached its instance to the server's form element, the very same node.
  await expect.poll(() => prerenderedForm!.evaluate((form) => form.isConnected && Object.keys(form).some((key) => key.startsWith('__reactFiber')))).toBe(true)
  expect(await page.evaluate((form) => form === document.querySelector('form'), prerenderedForm)).toBe(true)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  // A change that renders the field again keeps what was typed: it is in React's state now.
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(PASSWORD)

  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/my-jobs$/)
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  expect(problems).toEqual([])
})

// Issue 24 item 15: on a modest tablet (the CPU slowed 6x) a person types while the scripts take the form over.
test('what is typed before and while the scripts take the form over is kept, and Show is not ready until they have', async ({ page, request }) => {
  const email = uniqueEmail('prerender.typed')
  await createClerk(request, email)
  const problems = consoleProblems(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  const release = await holdRequests(page, chunkOf('index.html'))

  await page.goto('/login', { waitUntil: 'commit' })
  await expectTheSignInForm(page)
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  const show = page.getByRole('button', { name: 'Show password' })
  // Nothing could show the password yet: the toggle says so, and a press changes nothing.
  await expect(show).toBeDisabled()
  await page.getByRole('textbox', { name: 'Email' }).click()
  await page.keyboard.type(email)
  await password.click()
  await page.keyboard.type(PASSWORD.slice(0, 8))
  await show.click({ force: true })
  await expect(password).toHaveAttribute('type', 'password')

  // The rest of the password is typed as the scripts arrive and take the form over.
  await password.click()
  await password.press('End')
  release()
  await page.keyboard.type(PASSWORD.slice(8), { delay: 20 })
  await expect(show).toBeEnabled()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(password).toHaveValue(PASSWORD)
  // In React's state, not only on screen: a render of the field keeps it, and Show now works.
  await show.click()
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible()
  await expect(password).toHaveAttribute('type', 'text')
  await expect(password).toHaveValue(PASSWORD)

  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/my-jobs$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(problems).toEqual([])
})

test('a reload of /login that shows a message keeps what was typed before the scripts ran, then shows the message', async ({ page, request }) => {
  const email = uniqueEmail('prerender.message')
  await createClerk(request, email)
  const problems = consoleProblems(page)
  await page.goto('/login')
  await expectTheSignInForm(page)
  // As the reset page leaves it: React Router keeps the navigation state in history.state, and a reload keeps that.
  await page.evaluate(() => history.replaceState({ usr: { passwordReset: true }, key: 'reset', idx: 0 }, ''))
  const release = await holdRequests(page, chunkOf('index.html'))

  await page.reload({ waitUntil: 'commit' })
  await expectTheSignInForm(page)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  release()
  await expect(page.getByRole('status')).toHaveText('Password has been reset successfully! You can now log in with your new password.')
  await expect(page.getByRole('button', { name: 'Show password' })).toBeEnabled()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(PASSWORD)

  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/my-jobs$/)
  expect(problems).toEqual([])
})

// docs/decisions/sign-in-scripts-after-its-paint.md.
test('Sign In pressed before the scripts have run signs in once they have, with one request', async ({ page, request }) => {
  const email = uniqueEmail('prerender.early-submit')
  await createClerk(request, email)
  const problems = consoleProblems(page)
  const signIns: string[] = []
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/auth/login')) signIns.push(sent.method())
  })
  const release = await holdRequests(page, chunkOf('index.html'))

  await page.goto('/login', { waitUntil: 'commit' })
  await expectTheSignInForm(page)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // Kept, not sent: the scripts are still held, and the form stays as it was.
  await expect(page.locator('form')).toHaveAttribute('data-early-submit', 'pending')
  expect(signIns).toEqual([])
  await expect(page).toHaveURL(/\/login$/)

  release()
  await page.waitForURL(/\/my-jobs$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(signIns).toEqual(['POST'])
  expect(problems).toEqual([])
})

test('a signed-in clerk opening /my-jobs never sees the sign-in form, not even for a moment', async ({ page, request }) => {
  const email = uniqueEmail('prerender.signed-in')
  await createClerk(request, email)
  await signInThroughForm(page, email)
  // Records any password field added to the document from its first byte on (the parser's nodes included).
  await page.addInitScript(() => {
    const seen = window as Window & { passwordFieldSeen?: boolean }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches('input[type="password"]') || node.querySelector('input[type="password"]'))) seen.passwordFieldSeen = true
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })

  await page.goto('/my-jobs')
  await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  expect(await page.evaluate(() => (window as Window & { passwordFieldSeen?: boolean }).passwordFieldSeen ?? false)).toBe(false)
})
