import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealthResponse } from '@contract/health.ts'

const PING_TIMEOUT_MS = 2000

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse, 503: HealthResponse } }, logLevel: 'warn' }, async (_request, reply) => {
    const { database } = app
    const reachable = await Promise.race([
      database.ping().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), PING_TIMEOUT_MS).unref()),
    ]).catch(() => false)
    reply.header('cache-control', 'no-store')
    if (!reachable) return reply.status(503).send({ status: 'error', database: 'unreachable', database_kind: database.kind })
    return { status: 'ok' as const, database: 'ok' as const, database_kind: database.kind }
  })
}
