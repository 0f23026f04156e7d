// The first paint (docs/decisions/first-paint-budgets-and-bench.md): index.html names the sign-in
// route's chunks so the browser fetches them beside the entry, and the signed-in frame (header and
// sidebar) shows without waiting for its page's chunk. Lighthouse's figures and their budgets are in `npm run bench -- first-paint`.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { chunkNamed, chunkOf, holdRequests } from './support/built-chunks.ts'

// The service worker would answer the chunks from its cache, where page.route cannot hold them. Blocked
// by the config too; said here as well, since these tests rely on it.
test.use({ serviceWorkers: 'block' })

/** The document's module scripts and module preloads, as the files they name (without the leading /). */
function moduleTags(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+)"[^>]*>/g)].map((match) => match[1]!)
}

/** A prerendered document's loader (src/app/start-after-paint.js, inline): the entry and the chunks it starts, and its code. */
function afterPaintLoader(html: string): { entry: string; preloads: string[]; code: string } | null {
  const tag = /<script data-entry="\/([^"]+)" data-preloads="([^"]*)">([\s\S]*?)<\/script>/.exec(html)
  return tag && { entry: tag[1]!, preloads: tag[2]!.split(' ').map((href) => href.slice(1)), code: tag[3]! }
}

test('index.html preloads the sign-in route’s chunks and has no stylesheet to wait for', async ({ request }) => {
  // / is answered with index.html (only /login and /my-jobs have documents of their own).
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text()
  expect(html).not.toContain('data-prerendered')
  // Its screen is drawn by the scripts: they start at once.
  expect(moduleTags(html)).toEqual(expect.arrayContaining([chunkOf('index.html'), chunkNamed('sign-in')]))
  expect(afterPaintLoader(html)).toBeNull()
  expect(html).not.toContain('rel="stylesheet"')
})

// docs/decisions/prerendered-documents-scripts.md and docs/decisions/sign-in-scripts-after-its-paint.md.
/** `html` has no module tag; its loader starts the entry and preloads its `own` route's chunk, not the `other`, each once. */
function expectLoaderOf(html: string, own: string, other: string): void {
  expect(moduleTags(html)).toEqual([])
  const loader = afterPaintLoader(html)
  expect(loader?.entry).toBe(chunkOf('index.html'))
  const preloads = loader?.preloads ?? []
  expect(preloads).toContain(chunkNamed(own))
  expect(preloads).not.toContain(chunkNamed(other))
  expect(new Set(preloads).size).toBe(preloads.length)
}

test('login.html and my-jobs.html each start their own route’s chunks, after their paint', async ({ request }) => {
  const login = await (await request.get('/login', { headers: { accept: 'text/html' } })).text()
  expect(login).toContain('data-prerendered="/login"')
  expectLoaderOf(login, 'sign-in', 'signed-in-first')
  const myJobs = await (await request.get('/my-jobs', { headers: { accept: 'text/html' } })).text()
  expect(myJobs).toContain('data-prerendered="/my-jobs"')
  expectLoaderOf(myJobs, 'signed-in-first', 'sign-in')
})

// scripts/first-route-chunks.ts: each is one more round trip on a tablet's link (35 on /my-jobs before,
// 4 until the entry, the bundler's runtime and the shared code became one chunk, 2 now).
test('login.html and my-jobs.html start two scripts each: the entry and their own route’s chunk', async ({ request }) => {
  const login = afterPaintLoader(await (await request.get('/login', { headers: { accept: 'text/html' } })).text())
  const myJobs = afterPaintLoader(await (await request.get('/my-jobs', { headers: { accept: 'text/html' } })).text())
  expect(login!.preloads).toEqual([chunkNamed('sign-in')])
  expect(myJobs!.preloads).toEqual([chunkNamed('signed-in-first')])
})

// index.html: an icon file was one more request before My Jobs' list (docs/research/my-jobs-tablet.md §17).
test('each document carries its icon, so the browser asks for no icon file while it loads', async ({ request }) => {
  for (const path of ['/', '/login', '/my-jobs']) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1]
    expect(icon, path).toMatch(/^data:image\/svg\+xml,<svg /)
  }
})

// docs/decisions/loader-in-the-document.md: no request of its own before the chunks are asked for.
test('the loader is written minified into each prerendered document, and the policy allows exactly it', async ({ request }) => {
  for (const path of ['/login', '/my-jobs']) {
    const answer = await request.get(path, { headers: { accept: 'text/html' } })
    const source = afterPaintLoader(await answer.text())!.code
    // Its source explains itself in comments (1.1 KB gzip with them); the browser gets none of them.
    expect(source).not.toMatch(/\/\/|\/\*/)
    expect(source).toContain('modulepreload')
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(600)
    const scriptSources = /script-src ([^;]+)/.exec(answer.headers()['content-security-policy'] ?? '')![1]!.split(' ')
    expect(scriptSources).toEqual(["'self'", `'sha256-${createHash('sha256').update(source).digest('base64')}'`])
  }
  expect((await request.get('/start-after-paint.js')).headers()['content-type']).not.toContain('javascript')
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
  await signInThroughApi(page, email)
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
  await signInThroughApi(page, email, '/template-management')
  await expect(page.getByRole('heading', { level: 1, name: 'Template Management' })).toBeVisible()
  const release = await holdRequests(page, chunkOf('src/app/routes/template-management.tsx'))
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Jobs' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Template Management' })).toHaveCount(0)
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Template Management' })).toBeVisible()
})
