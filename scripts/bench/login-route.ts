// The JavaScript /login really loads, gzip -9: every script the page requests in Chromium, from the
// real server, until it has settled (hydrated, its service worker registered, the network quiet).
// Counted from the browser's requests, not from the build's manifest: the manifest's static graph
// leaves out what the page fetches besides it (the classic loader that starts the scripts after the
// paint, chunks imported once the page runs), which issue 28 measured at 141.3 KB against 138.0 KB.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Response } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'
import { startServer } from '../../tests/e2e/support/server.ts'
import { ROOT } from './paths.ts'

export interface LoginRouteFigures {
  totalKb: number
  /** Each script's path and its gzip -9 size in KB, largest first. */
  rows: [string, number][]
}

export async function measureLoginRoute(): Promise<LoginRouteFigures> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-portal-if-needed.mjs')], { stdio: 'inherit' })
  const server = await startServer({ env: { LOG_LEVEL: 'error' } })
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts: Promise<[string, number]>[] = []
    // The service worker's own script is the worker's, fetched by the browser for it, not the page's.
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push(response.body().then((body) => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length / 1024]))
    })
    await page.goto(`${server.url}/login`, { waitUntil: 'load' })
    // Settled: the worker registered at load is active (so the scripts the app runs at start have
    // run) and nothing more is on its way.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.waitForLoadState('networkidle')
    const rows = await Promise.all(scripts)
    const unique = [...new Map(rows).entries()].sort((a, b) => b[1] - a[1])
    // The sign-in page's modules are in the `sign-in` chunk (scripts/first-route-chunks.ts).
    if (!unique.some(([file]) => file.startsWith('/assets/sign-in-'))) throw new Error('/login loaded no sign-in page chunk: the bench measured another page')
    return { totalKb: unique.reduce((sum, [, kb]) => sum + kb, 0), rows: unique }
  } finally {
    await browser.close()
    await server.stop()
  }
}
