import { Type, type Static } from 'typebox'

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  database_kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
})
export type HealthResponse = Static<typeof HealthResponse>
