import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db/database.ts'
import { createTestApp } from './support/test-app.ts'

describe('GET /api/health', () => {
  let app: FastifyInstance
  let database: Database
  beforeAll(async () => ({ app, database } = await createTestApp()))
  afterAll(() => app.close())

  it('reports the database reachable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', database_kind: inject('databaseKind') })
  })

  it('answers 503 once the database stops answering', async () => {
    await database.close()
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable', database_kind: inject('databaseKind') })
    // The app's own close must not fail on an already closed database.
    database.close = async () => undefined
  })
})
