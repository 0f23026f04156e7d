// GET /api/health: cheap (the database answers a trivial query), for people and uptime monitors.
// GET /api/health/ready: for a load balancer in front of several processes; it also asks the file
// storage and says 503 while this process is stopping (main.ts), so the balancer sends elsewhere.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealthResponse, ReadyResponse } from '@contract/health.ts'

const PING_TIMEOUT_MS = 2000

/** True when `check` settles without error within the limit; a check that hangs counts as failed. */
async function answersWithin(check: () => Promise<unknown>, limitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)))
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(() => true),
      timedOut,
    ])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse, 503: HealthResponse } }, logLevel: 'warn' }, async (_request, reply) => {
    const { database } = app
    const reachable = await answersWithin(() => database.ping(), PING_TIMEOUT_MS)
    reply.header('cache-control', 'no-store')
    if (!reachable) return reply.status(503).send({ status: 'error', database: 'unreachable', database_kind: database.kind })
    return { status: 'ok' as const, database: 'ok' as const, database_kind: database.kind }
  })

  app.get('/health/ready', { schema: { response: { 200: ReadyResponse, 503: ReadyResponse } }, logLevel: 'warn' }, async (_request, reply) => {
    const [databaseOk, storageOk] = await Promise.all([answersWithin(() => app.database.ping(), PING_TIMEOUT_MS), answersWithin(() => app.storage.ready(), PING_TIMEOUT_MS)])
    const stopping = app.stopping
    const ready = databaseOk && storageOk && !stopping
    reply.header('cache-control', 'no-store')
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not_ready',
      database: databaseOk ? 'ok' : 'unreachable',
      storage: storageOk ? 'ok' : 'unavailable',
      stopping,
    })
  })
}
