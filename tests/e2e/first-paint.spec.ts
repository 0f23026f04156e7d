// The first paint (docs/decisions.md "Performance: the first paint"): index.html names the sign-in
// route's chunks so the browser fetches them beside the entry, and the signed-in frame (header and
// sidebar) shows without waiting for its page's chunk. Lighthouse's figures and their budgets are in `npm run bench -- first-paint`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughForm, uniqueEmail } from './support/accounts.ts'

type Manifest = Record<string, { file: string }>

/** The built portal's chunk file for a source module (index.html: the entry), from the manifest of the build the server serves. */
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

/** The document's module scripts and module preloads, as the files they name (without the leading /). */
function moduleTags(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+)"[^>]*>/g)].map((match) => match[1]!)
}

/** A prerendered document's loader (public/start-after-paint.js): the entry and the chunks it starts. */
function afterPaintLoader(html: string): { entry: string; preloads: string[] } | null {
  const tag = /<script defer src="\/start-after-paint\.js" data-entry="\/([^"]+)" data-preloads="([^"]*)"><\/script>/.exec(html)
  return tag && { entry: tag[1]!, preloads: tag[2]!.split(' ').map((href) => href.slice(1)) }
}

test('index.html preloads the sign-in route’s chunks and has no stylesheet to wait for', async ({ request }) => {
  // / is answered with index.html (only /login and /my-jobs have documents of their own).
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text()
  expect(html).not.toContain('data-prerendered')
  // Its screen is drawn by the scripts: they start at once.
  expect(moduleTags(html)).toEqual(expect.arrayContaining([chunkOf('index.html'), chunkOf('src/app/routes/auth-frame.tsx'), chunkOf('src/app/routes/login.tsx')]))
  expect(afterPaintLoader(html)).toBeNull()
  expect(html).not.toContain('rel="stylesheet"')
})

// docs/decisions.md "Performance: the prerendered documents' scripts" and "the sign-in page's scripts after its paint".
test('login.html and my-jobs.html each start their own route’s chunks, after their paint', async ({ request }) => {
  const login = await (await request.get('/login', { headers: { accept: 'text/html' } })).text()
  expect(login).toContain('data-prerendered="/login"')
  expect(moduleTags(login)).toEqual([])
  const loginLoader = afterPaintLoader(login)
  expect(loginLoader?.entry).toBe(chunkOf('index.html'))
  const loginPreloads = loginLoader?.preloads ?? []
  expect(loginPreloads).toEqual(expect.arrayContaining([chunkOf('src/app/routes/auth-frame.tsx'), chunkOf('src/app/routes/login.tsx')]))
  expect(loginPreloads).not.toContain(chunkOf('src/app/routes/app-frame.tsx'))
  expect(loginPreloads).not.toContain(chunkOf('src/app/routes/my-jobs.tsx'))
  expect(new Set(loginPreloads).size).toBe(loginPreloads.length)

  const myJobs = await (await request.get('/my-jobs', { headers: { accept: 'text/html' } })).text()
  expect(moduleTags(myJobs)).toEqual([])
  const loader = afterPaintLoader(myJobs)
  expect(loader?.entry).toBe(chunkOf('index.html'))
  const preloads = loader?.preloads ?? []
  expect(preloads).toEqual(expect.arrayContaining([chunkOf('src/app/routes/app-frame.tsx'), chunkOf('src/app/routes/my-jobs.tsx')]))
  expect(preloads).not.toContain(chunkOf('src/app/routes/login.tsx'))
  expect(preloads).not.toContain(chunkOf('src/app/routes/auth-frame.tsx'))
  expect(new Set(preloads).size).toBe(preloads.length)
})

/** When the page's first contentful paint and its request for the entry script started, in ms. */
async function paintAndEntryStart(page: Page): Promise<{ paint: number | null; script: number | null }> {
  return page.evaluate((file) => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]
    const script = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith(`/${file}`))
    return { paint: paint?.startTime ?? null, script: script?.startTime ?? null }
  }, chunkOf('index.html'))
}

test('on a prerendered /login the scripts are asked for after the first paint, and the form then signs in', async ({ page, request }) => {
  const email = uniqueEmail('first-paint.login-after-paint')
  await createClerk(request, email)
  await signInThroughForm(page, email)
  await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  const timing = await paintAndEntryStart(page)
  expect(timing.paint).not.toBeNull()
  expect(timing.script).not.toBeNull()
  expect(timing.script!).toBeGreaterThanOrEqual(timing.paint!)
})

test('on a prerendered /my-jobs the scripts are asked for after the first paint, and the page then works', async ({ page, request }) => {
  const email = uniqueEmail('first-paint.after-paint')
  await createClerk(request, email)
  await signInThroughForm(page, email)
  await page.reload()
  await expect(page.getByText('No jobs found. Try adjusting your filters or search query.')).toBeVisible()
  const timing = await paintAndEntryStart(page)
  expect(timing.paint).not.toBeNull()
  expect(timing.script).not.toBeNull()
  expect(timing.script!).toBeGreaterThanOrEqual(timing.paint!)
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
