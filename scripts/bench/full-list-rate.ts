// The full list of the busy clerk's 5,000 jobs at 4 connections (no If-None-Match, compressed as a
// browser asks), on the embedded database and on PostgreSQL: with the kept compressed answer (the
// default: after the first request every answer comes from memory while the list is unchanged) and
// with the cache turned off (LIST_CACHE_MB=0: every answer is built and compressed, as the first full
// request after a change to the clerk's jobs is). With the cache off, one list built at a time for the
// newest 1,000 jobs and for all of them (the same clerk, a narrower date range): the time a list takes
// per 1,000 jobs, which grows linearly with the clerk's list (issue 28).
import { startServer } from '../../tests/e2e/support/server.ts'
import { busyClerkListRequest, fetchWholeList, withSeededBusyClerk, type BenchDatabase } from './busy-clerk.ts'
import { measureLoad, type LoadFigures } from './dashboard-load.ts'

export interface BuildTimes {
  /** Median of BUILD_SAMPLES lists built one at a time, the newest 1,000 jobs and all of them, ms. */
  thousandMs: number
  wholeMs: number
  jobCount: number
  /** The slope between them: ms a list takes per 1,000 jobs more. */
  perThousandMs: number
}

export interface FullListFigures {
  database: string
  kept: LoadFigures
  built: LoadFigures
  buildTimes: BuildTimes
}

const BUILD_SAMPLES = 5

/** The median time to a whole compressed answer, one request at a time, after one unmeasured. */
async function medianBuildMs(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i <= BUILD_SAMPLES; i++) {
    const started = performance.now()
    const answer = await fetch(url, { headers })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`the dashboard answered ${answer.status}`)
    if (i > 0) times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

/** On a server with LIST_CACHE_MB=0: lists of the newest 1,000 jobs and of all `jobCount`, built one at a time. */
async function measureBuildTimes(dashboardUrl: string, headers: Record<string, string>, jobCount: number): Promise<BuildTimes> {
  const listed = (await (await fetch(dashboardUrl, { headers })).json()) as { created_at: string }[]
  // Newest first: the range from the 1,000th newest job's creation holds the newest 1,000.
  const thousandUrl = new URL(dashboardUrl)
  thousandUrl.searchParams.set('start', String(Date.parse(listed[999]!.created_at)))
  const thousandMs = await medianBuildMs(thousandUrl.toString(), headers)
  const wholeMs = await medianBuildMs(dashboardUrl, headers)
  return { thousandMs, wholeMs, jobCount, perThousandMs: (wholeMs - thousandMs) / ((jobCount - 1000) / 1000) }
}

async function listLoad<T>(
  label: string,
  dataDir: string,
  env: Record<string, string>,
  jobCount: number,
  seconds: number,
  after?: (dashboardUrl: string, headers: Record<string, string>) => Promise<T>,
): Promise<{ load: LoadFigures; after?: T }> {
  const server = await startServer({ dataDir, env })
  try {
    // Asked once first as the load asks (brotli), so the kept run measures the steady rate, not the
    // first four answers built side by side.
    const { dashboardUrl, headers } = await busyClerkListRequest(server.url)
    await fetchWholeList(dashboardUrl, headers, jobCount)
    const load = await measureLoad(label, dashboardUrl, headers, seconds, 4)
    return { load, after: await after?.(dashboardUrl, headers) }
  } finally {
    await server.stop()
  }
}

export async function measureFullListRate(kind: BenchDatabase, jobCount: number, seconds = 10): Promise<FullListFigures> {
  return withSeededBusyClerk(kind, jobCount, async (env, dataDir) => {
    // Cache off first: the same server start and database state for both, only the setting differs.
    const built = await listLoad('built and compressed each time (LIST_CACHE_MB=0)', dataDir, { ...env, LIST_CACHE_MB: '0' }, jobCount, seconds, (url, headers) =>
      measureBuildTimes(url, headers, jobCount),
    )
    const kept = await listLoad('from the kept compressed answer (the default)', dataDir, env, jobCount, seconds)
    return { database: kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL 15', built: built.load, kept: kept.load, buildTimes: built.after! }
  })
}
