// A browser profile that behaves like an installed app: a persistent context (incognito contexts
// always report an installability error) with its own real server, so a test may stop the server.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, testChromiumPath } from './chromium.ts'
import { startServer, type RunningServer } from './server.ts'

export interface InstalledApp {
  server: RunningServer
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

export async function openInstalledApp(options: { portalDir?: string } = {}): Promise<InstalledApp> {
  const server = await startServer(options)
  const profile = await mkdtemp(path.join(tmpdir(), 'inspectscribe-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: testChromiumPath(),
    args: CHROMIUM_ARGS,
    baseURL: server.url,
    // An installed app has its worker (playwright.config.ts blocks it by default, and a context the
    // test runner's chromium launches takes that default).
    serviceWorkers: 'allow',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    server,
    context,
    page,
    async close() {
      await context.close()
      await server.stop()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Resolves once a service worker controls the page (after the first visit it installs and claims).
 * Polled rather than waited for in the page, so that a run where control never comes says where the
 * worker stood (installing, waiting, active or none): that is how a page missed by the worker's claim
 * was found (docs/decisions/service-worker-page-loaded-while-activating.md).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  const state = () =>
    page.evaluate(async () => {
      if (navigator.serviceWorker.controller) return 'controlled'
      const registration = await navigator.serviceWorker.getRegistration()
      if (!registration) return 'no registration'
      return `not controlled; installing: ${registration.installing?.state ?? '-'}, waiting: ${registration.waiting?.state ?? '-'}, active: ${registration.active?.state ?? '-'}`
    })
  await expect.poll(state, { timeout: 30_000 }).toBe('controlled')
}
