// The full list of the busy clerk's 5,000 jobs at 4 connections (no If-None-Match, compressed as a
// browser asks), on the embedded database and on PostgreSQL: with the kept compressed answer (the
// default: after the first request every answer comes from memory while the list is unchanged) and
// with the cache turned off (LIST_CACHE_MB=0: every answer is built and compressed, as the first full
// request after a change to the clerk's jobs is).
import { startServer } from '../../tests/e2e/support/server.ts'
import { busyClerkListRequest, fetchWholeList, withSeededBusyClerk, type BenchDatabase } from './busy-clerk.ts'
import { measureLoad, type LoadFigures } from './dashboard-load.ts'

export interface FullListFigures {
  database: string
  kept: LoadFigures
  built: LoadFigures
}

async function listLoad(label: string, dataDir: string, env: Record<string, string>, jobCount: number, seconds: number): Promise<LoadFigures> {
  const server = await startServer({ dataDir, env })
  try {
    // Asked once first as the load asks (brotli), so the kept run measures the steady rate, not the
    // first four answers built side by side.
    const { dashboardUrl, headers } = await busyClerkListRequest(server.url)
    await fetchWholeList(dashboardUrl, headers, jobCount)
    return await measureLoad(label, dashboardUrl, headers, seconds, 4)
  } finally {
    await server.stop()
  }
}

export async function measureFullListRate(kind: BenchDatabase, jobCount: number, seconds = 10): Promise<FullListFigures> {
  return withSeededBusyClerk(kind, jobCount, async (env, dataDir) => ({
    database: kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL 15',
    // Cache off first: the same server start and database state for both, only the setting differs.
    built: await listLoad('built and compressed each time (LIST_CACHE_MB=0)', dataDir, { ...env, LIST_CACHE_MB: '0' }, jobCount, seconds),
    kept: await listLoad('from the kept compressed answer (the default)', dataDir, env, jobCount, seconds),
  }))
}
