import { Type, type Static } from 'typebox'

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  database_kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
})
export type HealthResponse = Static<typeof HealthResponse>

/**
 * GET /api/health/ready, for a load balancer: 200 when this process can serve (its database answers,
 * its file storage takes writes, it is not stopping), 503 otherwise, saying which part failed.
 */
export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  storage: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  /** True once the process received SIGTERM (or SIGINT): it finishes what it has and takes nothing new. */
  stopping: Type.Boolean(),
})
export type ReadyResponse = Static<typeof ReadyResponse>
