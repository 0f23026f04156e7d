import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { openInstalledApp, waitForServiceWorkerControl, type InstalledApp } from './support/installed-app.ts'
import { startHoldingProxy } from './support/holding-proxy.ts'
import { DEMO_CLERK } from '../../server/src/db/seed-data.ts'
import { signInThroughApi } from './support/accounts.ts'

test.describe.configure({ mode: 'serial' })
// The service worker is this spec's subject: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

let app: InstalledApp
test.beforeAll(async () => {
  app = await openInstalledApp()
})
test.afterAll(async () => {
  await app?.close()
})

test('the manifest describes an installable standalone app with its icons', async () => {
  const { page } = app
  await page.goto('/login')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const manifest = await (await page.request.get(href!)).json()
  expect(manifest).toMatchObject({
    name: 'InspectScribe',
    short_name: 'InspectScribe',
    display: 'standalone',
    start_url: '/my-jobs',
    theme_color: '#0f6cbd',
  })
  expect(manifest.icons).toEqual([
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ])
  for (const icon of manifest.icons as { src: string }[]) {
    const response = await page.request.get(icon.src)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('image/png')
  }
})

test('Chromium finds nothing that stops installation', async () => {
  const { page, context } = app
  await page.goto('/login')
  await waitForServiceWorkerControl(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])
})

// my-jobs.html leaves the manifest's link to the page, which adds it once the list is shown, with the
// worker's registration (src/lib/sw-bridge.ts, docs/research/my-jobs-tablet.md §17).
test('a load of /my-jobs links the manifest once the list is shown, and Chromium finds nothing that stops installation', async () => {
  const { page, context } = app
  const html = await (await page.request.get('/my-jobs', { headers: { accept: 'text/html' } })).text()
  expect(html).toContain('data-prerendered="/my-jobs"')
  expect(html).not.toContain('rel="manifest"')

  // The installed app's server has the demo clerk and its jobs (its mails go to its own folder).
  await signInThroughApi(page, DEMO_CLERK.email, '/my-jobs', DEMO_CLERK.password)
  await expect(page.getByRole('button', { name: /^View details of job \d+$/ }).first()).toBeVisible()
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await waitForServiceWorkerControl(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])
})

test('with the server gone, the shell still loads and the lookups come from the cache', async () => {
  const { page, server } = app
  await page.goto('/login')
  await waitForServiceWorkerControl(page)
  await server.stop()

  // Nothing answers on the server's address any more: everything below comes from the service worker.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // /login's own precached document, the one with the sign-in form prerendered (sw/cache-rules.ts).
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login')
  await page.goto('/forgot-password')
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')

  const reportTypes = await page.evaluate(async () => (await fetch('/api/lookup/report-types')).json())
  expect((reportTypes as { name: string }[]).map((t) => t.name)).toContain('Inventory')
  const allowed = await page.evaluate(async () => (await fetch('/api/lookup/allowed-file-types')).json())
  expect(allowed).toMatchObject({ audio: expect.arrayContaining(['mp3', 'wav']) })

  // Other API calls are never cached: they fail while the server is gone.
  const health = await page.evaluate(async () => fetch('/api/health').then(() => 'answered', () => 'failed'))
  expect(health).toBe('failed')
})

// The worker claims the open pages when it activates. A page whose navigation was still under way at
// that moment is not a client yet and is missed by that claim; it must still end up controlled, or its
// requests get nothing from the worker's caches when the signal goes.
test('a page reloaded while the worker installs is controlled once the worker is active', async ({ browser, baseURL }) => {
  const proxy = await startHoldingProxy(baseURL!)
  const context = await browser.newContext({ baseURL: proxy.url })
  try {
    const page = await context.newPage()
    const workerState = (on: Page) =>
      on.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none')

    // The worker's install waits for the lookups it warms: hold them, so it stays installing.
    const lookups = proxy.hold((request) => request.url?.startsWith('/api/lookup/') ?? false)
    await page.goto('/login')
    await lookups.reached

    // A reload whose document is held until the worker has activated (and claimed the pages it had).
    const reloadedDocument = proxy.hold((request) => request.headers['sec-fetch-mode'] === 'navigate' && request.url === '/login')
    const reload = page.reload()
    await reloadedDocument.reached
    lookups.release()
    const observer = await context.newPage()
    await observer.goto('/terms-and-conditions.html')
    await expect.poll(() => workerState(observer)).toBe('activated')
    reloadedDocument.release()
    await reload
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

    await waitForServiceWorkerControl(page)
    // With the origin gone, this page's own requests are answered from the worker's cache.
    await proxy.close()
    const reportTypes = await page.evaluate(async () => (await fetch('/api/lookup/report-types')).json())
    expect((reportTypes as { name: string }[]).map((t) => t.name)).toContain('Inventory')
  } finally {
    await context.close()
    await proxy.close()
  }
})
