// The first paint (docs/decisions.md "Performance: the first paint"): index.html names the sign-in
// route's chunks so the browser fetches them beside the entry, and the signed-in frame (header and
// sidebar) shows without waiting for its page's chunk. Lighthouse's figures and their budgets are in `npm run bench -- first-paint`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughForm, uniqueEmail } from './support/accounts.ts'

type Manifest = Record<string, { file: string }>

/** The built portal's chunk file for a source module, from the manifest of the build the server serves. */
function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Manifest
  const chunk = manifest[module]
  if (!chunk) throw new Error(`the build manifest has no chunk for ${module}`)
  return chunk.file
}

/** Holds every request for `file` until the returned function is called. */
async function holdRequests(page: Page, file: string): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/${file}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

// The service worker would answer the chunks from its cache, where page.route cannot hold them.
test.use({ serviceWorkers: 'block' })

test('index.html preloads the sign-in route’s chunks and has no stylesheet to wait for', async ({ request }) => {
  const html = await (await request.get('/login', { headers: { accept: 'text/html' } })).text()
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1])
  expect(preloaded).toContain(chunkOf('src/app/routes/auth-frame.tsx'))
  expect(preloaded).toContain(chunkOf('src/app/routes/login.tsx'))
  expect(html).not.toContain('rel="stylesheet"')
})

// /my-jobs has its whole screen in its document (tests/e2e/prerendered-my-jobs.spec.ts); the other
// signed-in pages start from index.html.
test('the signed-in header and sidebar show while Template Management’s chunk is still on its way', async ({ page, request }) => {
  const email = uniqueEmail('first-paint.shell')
  await createClerk(request, email)
  await signInThroughForm(page, email)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Template Management' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Template Management' })).toBeVisible()
  const release = await holdRequests(page, chunkOf('src/app/routes/template-management.tsx'))
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Jobs' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Template Management' })).toHaveCount(0)
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Template Management' })).toBeVisible()
})
