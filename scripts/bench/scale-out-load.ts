// The busy clerk's full list and /api/health through nginx (deploy/nginx.conf) in front of 1 and then 3
// product processes on one PostgreSQL, side by side in one run: the full list at 4 connections alone
// (its rate and p99), then /api/health's p99 while 8 connections load full lists (as the responsiveness
// item measures one process). The processes are the scale-out run's (scripts/scale-out/cluster.ts), on
// local storage: the list reads the database only.
import autocannon from 'autocannon'
import { startCluster } from '../scale-out/cluster.ts'
import { upstreamsSince } from '../scale-out/run-context.ts'
import { waitFor } from '../scale-out/wait-for.ts'
import { busyClerkListRequest, fetchWholeList, withSeededBusyClerk } from './busy-clerk.ts'
import { measureLoad, type LoadFigures } from './dashboard-load.ts'

export interface ScaleOutFigures {
  processes: number
  list: LoadFigures
  healthP99Ms: number
  healthRequestsPerSecond: number
  listRequestsPerSecondUnderLoad: number
  errors: number
}

const LIST_CONNECTIONS = 4
const LOADED_CONNECTIONS = 8

export async function measureScaleOut(jobCount: number, processCounts: number[], seconds = 10): Promise<ScaleOutFigures[]> {
  return withSeededBusyClerk('postgres', jobCount, async (env, dataDir) => {
    const figures: ScaleOutFigures[] = []
    for (const processes of processCounts) {
      const cluster = await startCluster({ processes, databaseUrl: env.DATABASE_URL, dataDir, objectStorage: false, env: { LOG_LEVEL: 'error' } })
      try {
        const { dashboardUrl, headers } = await busyClerkListRequest(cluster.nginx.url)
        // Each process keeps its own compressed answer: the list is asked until every process has answered it.
        const since = (await cluster.nginx.accessLog()).length
        await waitFor('every process to have answered the full list once', async () => {
          await fetchWholeList(dashboardUrl, headers, jobCount)
          return (await upstreamsSince(cluster, since, '/api/clerk/dashboard')).size >= processes
        })
        const list = await measureLoad(`full list through nginx, ${processes} process${processes === 1 ? '' : 'es'}`, dashboardUrl, headers, seconds, LIST_CONNECTIONS)
        // Health in a worker of its own: the lists' answers must not queue its timings in this process.
        const [lists, health] = await Promise.all([
          autocannon({ url: dashboardUrl, headers, duration: seconds, connections: LOADED_CONNECTIONS, timeout: 30 }),
          autocannon({ url: `${cluster.nginx.url}/api/health`, duration: seconds, connections: 1, workers: 1 }),
        ])
        figures.push({
          processes,
          list,
          healthP99Ms: health.latency.p99,
          healthRequestsPerSecond: health.requests.average,
          listRequestsPerSecondUnderLoad: lists.requests.average,
          errors: list.errors + lists.errors + lists.non2xx + health.errors + health.non2xx,
        })
      } finally {
        await cluster.stop()
      }
    }
    return figures
  })
}
