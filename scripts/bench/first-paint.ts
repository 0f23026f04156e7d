// The first paint on a tablet: Lighthouse 11 (mobile form factor, its default simulated slow 4G and
// 4x CPU slowdown) against the built portal served by the real server, median of 5 runs, for /login
// and for /my-jobs signed in as the demo clerk; each run alternated with the build before (portal-builds.ts),
// each build served by a server of its own holding the same jobs.
//
// Signing in: the portal keeps its session in sessionStorage, which belongs to one tab. So Lighthouse
// is given a Puppeteer page (its documented Node API) in which the demo clerk first signed in through
// the login form; Lighthouse then loads /my-jobs in that same tab. Before each load Lighthouse clears
// what a cold visit would not have (HTTP cache, service worker, Cache Storage); the sign-in step has
// dropped the portal's IndexedDB database (the offline copy of the list), so the jobs come from the
// server. Only Lighthouse's default storage types are cleared: clearing Chromium's local_storage type
// also drops the tab's sessionStorage, and the load would end on /login. Each run checks where it ended, so a
// run that fell back to /login cannot pass for /my-jobs.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import puppeteer, { ProtocolError, TimeoutError, type Browser } from 'puppeteer-core'
import { chromiumPath } from '../../tests/e2e/support/chromium.ts'
import { FOCUS_GUARD_RULE, isFocusGuardHtml } from '../../tests/e2e/support/focus-guard.ts'
import { mainThreadCpu, type MainThreadCpu, type TaskTraceEvent } from './main-thread-cpu.ts'
import { startServer, type RunningServer } from '../../tests/e2e/support/server.ts'
import { ROOT } from './paths.ts'
import type { PortalBuild } from './portal-builds.ts'

export const DEMO_CLERK = { email: 'demo.clerk@example.com', password: 'Inspect-Demo-2026' }
/** The jobs the demo clerk gets on the server's first start. */
export const DEMO_SEEDED_JOBS = 12
const RUNS = 5
/** Loads tried for one run before the route counts as not measured on that build. */
const ATTEMPTS = 3

export interface PaintFigures {
  route: string
  performance: number
  /** Lighthouse's own accessibility score. */
  accessibility: number
  /**
   * The same score with exactly issue 14's known false positive left out: `aria-hidden-focus` counted
   * as passed when every element it flags is one of Tabster's focus guards (`data-tabster-dummy`), as
   * the e2e suite's axe check does (tests/e2e/support/axe.ts). Any other finding still counts.
   */
  accessibilityWithoutFocusGuards: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** What the median run's accessibility audit found, by audit id, when it scored under 100. */
  accessibilityFindings: string[]
  /** The page's own share of its main thread's time, read from the trace (main-thread-cpu.ts). */
  mainThread?: MainThreadCpu
}

/** One build's figures for a route (the median run), or why they could not be recorded. */
export type BuildPaint = { label: string } & ({ figures: PaintFigures } | { notMeasured: string })
export interface RoutePaint {
  route: string
  /** In the order of the builds given: the build before first. */
  builds: BuildPaint[]
}

export type FirstPaintResult = { jobs: number; routes: RoutePaint[] } | { jobs: number; skipped: string }

const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility'],
  clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  // Only when reports are kept, and not with FIRST_PAINT_SAMPLES=off: the samples make the trace larger,
  // and the profiler slows the page's compiling (V8 logs every function it compiles), so a trace without
  // them shows the page's own task lengths.
  ...(process.env.FIRST_PAINT_REPORTS && process.env.FIRST_PAINT_SAMPLES !== 'off' ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
}

type LighthouseResult = RunnerResult['lhr']

/** Whether an audit item's element is a Tabster focus guard, read from the element's opening tag. */
function isFocusGuard(item: unknown): boolean {
  const snippet = (item as { node?: { snippet?: unknown } }).node?.snippet
  return typeof snippet === 'string' && isFocusGuardHtml(snippet)
}

/**
 * The accessibility category's score as Lighthouse computes it (the weighted mean of its scored
 * audits, rounded to hundredths), with `passes` counted as passed. Checked against Lighthouse's own
 * figure with nothing passed, so a change in how Lighthouse scores cannot go unseen.
 */
function accessibilityScore(lhr: LighthouseResult, passes: string[]): number {
  let weighted = 0
  let weights = 0
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score
    if (ref.weight === 0 || score === null || score === undefined) continue
    weighted += ref.weight * (passes.includes(ref.id) ? 1 : score)
    weights += ref.weight
  }
  return weights === 0 ? 0 : Math.round((weighted / weights) * 100)
}

function accessibilityWithoutFocusGuards(lhr: LighthouseResult, accessibility: number): number {
  const computed = accessibilityScore(lhr, [])
  if (computed !== accessibility) {
    throw new Error(`The bench computes accessibility ${computed} where Lighthouse says ${accessibility}: its scoring has changed`)
  }
  const audit = lhr.audits[FOCUS_GUARD_RULE]
  const items = (audit?.details as { items?: unknown[] } | undefined)?.items ?? []
  const onlyFocusGuards = audit?.score === 0 && items.length > 0 && items.every(isFocusGuard)
  return onlyFocusGuards ? accessibilityScore(lhr, [FOCUS_GUARD_RULE]) : accessibility
}

function figures(route: string, result: RunnerResult): PaintFigures {
  const { categories, audits } = result.lhr
  const accessibilityFindings = Object.values(audits)
    .filter((audit) => audit.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
    .map((audit) => audit.id)
  const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100)
  return {
    route,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility,
    accessibilityWithoutFocusGuards: accessibilityWithoutFocusGuards(result.lhr, accessibility),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    accessibilityFindings,
    mainThread: mainThreadCpu(result.artifacts.Trace.traceEvents as unknown as TaskTraceEvent[]),
  }
}

/**
 * With FIRST_PAINT_REPORTS=<folder>, each run's Lighthouse report is kept there, to open in
 * Lighthouse's viewer, and its trace (with V8's JavaScript samples) beside it, to open in Chromium's
 * Performance panel: the report names a long task, the trace says which functions made it. The
 * devtools log too: with the trace, it is what Lighthouse simulates the load from
 * (scripts/bench/lantern-graphs.ts).
 */
function saveReport(route: string, build: string, run: number, result: RunnerResult): void {
  const folder = process.env.FIRST_PAINT_REPORTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  const name = `${route.slice(1)}-${build.split(' ')[0]}-${run + 1}`
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(result.lhr))
  writeFileSync(path.join(folder, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace))
  writeFileSync(path.join(folder, `${name}.devtools.json`), JSON.stringify(result.artifacts.DevtoolsLog))
}

/** The run with the median performance score, as Lighthouse's own guidance picks it. */
function median(runs: PaintFigures[]): PaintFigures {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!
}

async function signIn(browser: Browser, baseUrl: string) {
  const page = await browser.newPage()
  await page.goto(`${baseUrl}/login`)
  // Found by role and name, as a person finds them.
  await page.locator('::-p-aria([name="Email"][role="textbox"])').fill(DEMO_CLERK.email)
  await page.locator('input[type="password"]').fill(DEMO_CLERK.password)
  await page.locator('::-p-aria([name="Sign In"][role="button"])').click()
  await page.waitForFunction(() => location.pathname === '/my-jobs', { timeout: 60_000 })
  // Leave the portal for a static page of the same origin (so nothing can write the offline copy of
  // the list again), and drop that copy there: the measured load fetches the jobs from the server.
  // The copy is in IndexedDB since docs/decisions/offline-list-in-indexeddb.md; clearing
  // localStorage alone left it, and a run then restored the list (a 304) or not, depending on
  // whether the persister's write (at most once a second) had landed before the sign-in page left.
  await page.goto(`${baseUrl}/terms-and-conditions.html`)
  await page.evaluate(async () => {
    localStorage.clear()
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('inspectscribe') // LOCAL_DB_NAME, src/lib/local-db.ts
      request.onsuccess = () => resolve()
      request.onerror = () => reject(new Error(`the portal's database could not be deleted: ${request.error?.message}`))
      request.onblocked = () => reject(new Error("the portal's database is still open in another page"))
    })
  })
  return page
}

/**
 * Failures to record a load, which say nothing of the page: Lighthouse's own (`runtimeError`), and
 * Puppeteer's when Chromium does not answer a protocol call in time (thrown, during the sign-in or
 * Lighthouse's load). On this 2-core machine about one load in four or five ends on one of them.
 * Such a load is made again, up to ATTEMPTS times a run.
 */
const RECORDING_FAILURES = ['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']

function isRecordingFailure(error: unknown): boolean {
  return error instanceof ProtocolError || error instanceof TimeoutError
}

/** One Lighthouse load of `route`, on a fresh signed-in page when `signedIn`; why not, when it was not recorded. */
async function measureOnce(
  browser: Browser,
  baseUrl: string,
  route: string,
  signedIn: boolean,
): Promise<RunnerResult | { unrecorded: string }> {
  let page
  try {
    page = signedIn ? await signIn(browser, baseUrl) : await browser.newPage()
    const result = await lighthouse(`${baseUrl}${route}`, FLAGS, undefined, page)
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`)
    const failure = result.lhr.runtimeError
    if (failure && RECORDING_FAILURES.includes(failure.code)) return { unrecorded: `${failure.code}: ${failure.message}` }
    if (failure) throw new Error(`Lighthouse could not measure ${route}: ${failure.message}`)
    return result
  } catch (error) {
    if (isRecordingFailure(error)) return { unrecorded: `${(error as Error).name}: ${(error as Error).message}` }
    throw error
  } finally {
    await page?.close().catch(() => undefined)
  }
}

/**
 * One recorded load of `route`: tried up to ATTEMPTS times, since a failure to record says nothing of
 * the page; the last failure's words when none was recorded. A signed-in load that ended elsewhere (the
 * sign-in lost under load) is not a load of `route`, and is tried again the same way.
 */
async function recordedLoad(browser: Browser, baseUrl: string, route: string, signedIn: boolean, label: string): Promise<RunnerResult | { unrecorded: string }> {
  let failure = ''
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await measureOnce(browser, baseUrl, route, signedIn)
    if ('unrecorded' in result) failure = result.unrecorded
    else {
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname
      if (landed === route) return result
      failure = `the load ended on ${landed}`
    }
    if (attempt < ATTEMPTS) console.log(`  (a load of ${route}, ${label}, was not recorded and is made again: ${failure})`)
  }
  return { unrecorded: `${ATTEMPTS} loads in a row were not recorded, the last: ${failure}` }
}

/** RUNS runs of `route` on each server, alternated (before, after, before, after...); each build's median run. */
export async function measureRoute(browser: Browser, servers: { label: string; url: string }[], route: string, signedIn: boolean): Promise<RoutePaint> {
  const runs = new Map(servers.map(({ label }) => [label, [] as PaintFigures[]]))
  const notMeasured = new Map<string, string>()
  for (let run = 0; run < RUNS; run++) {
    for (const { label, url } of servers) {
      if (notMeasured.has(label)) continue
      const result = await recordedLoad(browser, url, route, signedIn, label)
      if ('unrecorded' in result) {
        console.log(`  (${route}, ${label}: not measured, going on with the others: ${result.unrecorded})`)
        notMeasured.set(label, result.unrecorded)
        continue
      }
      runs.get(label)!.push(figures(route, result))
      saveReport(route, label, run, result)
    }
  }
  return {
    route,
    builds: servers.map(({ label }) => {
      const reason = notMeasured.get(label)
      return reason === undefined ? { label, figures: median(runs.get(label)!) } : { label, notMeasured: reason }
    }),
  }
}

/** FIRST_PAINT_ROUTES=/my-jobs (space-separated) measures only those routes, while working on one. */
function wanted(route: string): boolean {
  const only = process.env.FIRST_PAINT_ROUTES?.split(' ').filter(Boolean)
  return !only?.length || only.includes(route)
}

/** Gives the demo clerk `extra` more jobs through the operator command line; the refusal's words otherwise. */
async function addDemoJobs(server: RunningServer, extra: number): Promise<string | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'demo-jobs', DEMO_CLERK.email, '--count', String(extra)], {
    cwd: ROOT,
    env: { ...process.env, INSPECTSCRIBE_URL: server.url, DATA_DIR: server.dataDir, TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return code === 0 ? null : output.trim() || `the operator command exited with code ${code}`
}

/**
 * Runs `measure` with a Chromium for Lighthouse, closed afterwards. Launched as Lighthouse's own command
 * line launches it (chrome-launcher, then Puppeteer attached): Chromium started by puppeteer.launch, with
 * Puppeteer's default switches, records no navigation start in Lighthouse 11's trace (NO_NAVSTART).
 */
export async function withLighthouseBrowser<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  // Without the back/forward cache: the sign-in step leaves /my-jobs for a static page and deletes the
  // portal's database there, and a /my-jobs page kept in that cache held its connection open, so the
  // deletion waited for ever (no 'blocked' event) and Lighthouse's next call timed out: 4 sign-ins in
  // 6 with this build, 1 in 6 with the one before (a probe). A cold load never uses that cache.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-features=BackForwardCache'],
  })
  let browser: Browser | undefined
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    return await measure(browser)
  } finally {
    await browser?.disconnect()
    chrome.kill()
  }
}

/**
 * Lighthouse on /login and on /my-jobs for the demo clerk holding `jobs` jobs (12, the seeded ones,
 * or more added with `npm run ops -- demo-jobs`), on each of `builds` (portal-builds.ts), each served
 * by a server of its own on a data folder of its own holding the same jobs. When the server refuses
 * that many, the result says why instead of measuring another count.
 */
export async function measureFirstPaint(builds: PortalBuild[], jobs = DEMO_SEEDED_JOBS): Promise<FirstPaintResult> {
  const servers: RunningServer[] = []
  try {
    for (const build of builds) servers.push(await startServer({ portalDir: build.portalDir, env: { LOG_LEVEL: 'error' } }))
    if (jobs > DEMO_SEEDED_JOBS) {
      for (const server of servers) {
        const refused = await addDemoJobs(server, jobs - DEMO_SEEDED_JOBS)
        if (refused) return { jobs, skipped: refused }
      }
    }
    const measured = builds.map((build, i) => ({ label: build.label, url: servers[i]!.url }))
    return await withLighthouseBrowser(async (browser) => {
      const routes: RoutePaint[] = []
      if (wanted('/login')) routes.push(await measureRoute(browser, measured, '/login', false))
      if (wanted('/my-jobs')) routes.push(await measureRoute(browser, measured, '/my-jobs', true))
      return { jobs, routes }
    })
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
