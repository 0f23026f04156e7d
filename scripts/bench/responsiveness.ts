// One clerk's big list must not stall the others: /api/health's p99 while 8 connections load a
// 5,000-job clerk's full dashboard (no If-None-Match), and the server's resident memory idle, at its
// peak under that load, and a minute after it. On the embedded database and on PostgreSQL.
import { readFile } from 'node:fs/promises'
import autocannon from 'autocannon'
import { startServer } from '../../tests/e2e/support/server.ts'
import { busyClerkListRequest, fetchWholeList, withSeededBusyClerk, type BenchDatabase } from './busy-clerk.ts'

export interface ResponsivenessFigures {
  database: 'embedded (PGlite)' | 'PostgreSQL 15'
  healthP99Ms: number
  healthRequestsPerSecond: number
  /** Before any list was asked for; rssIdleMb is after one list (the cache and heap it leaves). */
  rssStartMb: number
  listRequestsPerSecond: number
  listErrors: number
  rssIdleMb: number
  rssPeakMb: number
  rssAfterMb: number
  seconds: number
}

const LOAD_CONNECTIONS = 8
const SETTLE_MS = 60_000

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

/** `extraEnv`: server settings for this run (LIST_CACHE_MB=0 builds every list instead of sending the kept answer). */
export async function measureResponsiveness(kind: BenchDatabase, jobCount: number, seconds = 20, extraEnv: Record<string, string> = {}): Promise<ResponsivenessFigures> {
  return withSeededBusyClerk(kind, jobCount, async (env, dataDir) => {
    const server = await startServer({ dataDir, env: { ...env, ...extraEnv } })
    try {
      const { dashboardUrl, headers } = await busyClerkListRequest(server.url)
      const rssStartMb = await rssMb(server.pid)
      await fetchWholeList(dashboardUrl, headers, jobCount)

      const rssIdleMb = await rssMb(server.pid)
      let rssPeakMb = rssIdleMb
      const sampler = setInterval(() => void rssMb(server.pid).then((mb) => (rssPeakMb = Math.max(rssPeakMb, mb)), () => {}), 200)
      // Both loads side by side: the lists with 8 connections, health with one connection asking again
      // as soon as it is answered (its p99 is what another clerk waits). Health runs in a worker thread
      // of its own, as another clerk's browser is another machine: once the lists come from the kept
      // answer (over 200 a second, 180 KB each), receiving them kept this process's event loop so busy
      // that health's timings measured this client's queue (p99 279 ms here, 14 ms from another process).
      const [lists, health] = await Promise.all([
        autocannon({ url: dashboardUrl, headers, duration: seconds, connections: LOAD_CONNECTIONS, timeout: 30 }),
        autocannon({ url: `${server.url}/api/health`, duration: seconds, connections: 1, workers: 1 }),
      ])
      clearInterval(sampler)
      rssPeakMb = Math.max(rssPeakMb, await rssMb(server.pid))
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      return {
        database: kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL 15',
        healthP99Ms: health.latency.p99,
        healthRequestsPerSecond: health.requests.average,
        listRequestsPerSecond: lists.requests.average,
        listErrors: lists.errors + lists.non2xx,
        rssStartMb,
        rssIdleMb,
        rssPeakMb,
        rssAfterMb: await rssMb(server.pid),
        seconds,
      }
    } finally {
      await server.stop()
    }
  })
}
