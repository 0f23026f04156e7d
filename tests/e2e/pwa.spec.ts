import { test, expect } from '@playwright/test'
import { openInstalledApp, waitForServiceWorkerControl, type InstalledApp } from './support/installed-app.ts'

test.describe.configure({ mode: 'serial' })

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
