import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'

test.describe('routes', () => {
  for (const path of ['/', '/no/such/page', '/dashboard', '/my-jobs', '/create-job', '/template-management']) {
    test(`a visitor without a session is sent from ${path} to /login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/login$/)
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    })
  }

  test('a signed-in clerk is sent from /dashboard to /my-jobs', async ({ page, request }) => {
    // A real session: a made-up token would be refused (403) by the first API call, which ends the
    // session and races the redirect under test.
    const email = uniqueEmail('routes.dashboard')
    await createClerk(request, email)
    await signInThroughApi(page, email)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/my-jobs$/)
    await expect(page.getByRole('heading', { name: 'My Jobs' })).toBeVisible()
  })

  test('the server answers a deep link with the portal, and /api/health with the database state', async ({ page, request }) => {
    await page.goto('/signup/continue?token=abc')
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible()
    const health = await request.get('/api/health')
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', database_kind: 'pglite' })
  })
})

test.describe('the sign-in page layout', () => {
  test('shows the marketing panel beside the form on a desktop', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/login')
    const marketing = page.getByRole('complementary', { name: 'About InspectScribe' })
    await expect(marketing).toBeVisible()
    await expect(marketing).toContainText('The smart, AI-powered platform for inventory clerks')
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('login-desktop.png'), fullPage: true })
  })

  test('hides the marketing panel and keeps the form on a 390 px phone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/login')
    await expect(page.getByRole('complementary', { name: 'About InspectScribe' })).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath('login-390.png'), fullPage: true })
  })
})
