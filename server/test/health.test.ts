import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../src/db/database.ts'
import { stopGracefully } from '../src/stop-gracefully.ts'
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

describe('GET /api/health/ready', () => {
  const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health/ready' })

  it('answers 200 when the database answers and the storage takes writes, leaving nothing in storage', async () => {
    const { app } = await createTestApp()
    try {
      const response = await ready(app)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', stopping: false })
      // The probe file is gone again: the uploads-in-progress folder is as empty as before.
      expect(await readdir(path.join(app.config.dataDir, 'files', '.tmp'))).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('answers 503 naming the database once it stops answering', async () => {
    const { app, database } = await createTestApp()
    try {
      await database.close()
      const response = await ready(app)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'not_ready', database: 'unreachable', storage: 'ok', stopping: false })
    } finally {
      database.close = async () => undefined
      await app.close()
    }
  })

  it('answers 503 naming the storage when its folder cannot take a file', async () => {
    const { app } = await createTestApp()
    try {
      // A file where the storage folder should be: nothing can be written under it, even as root.
      const storageFolder = path.join(app.config.dataDir, 'files')
      await rm(storageFolder, { recursive: true, force: true })
      await writeFile(storageFolder, 'not a folder')
      const response = await ready(app)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'not_ready', database: 'ok', storage: 'unavailable', stopping: false })
      // The cheap health check asks only the database.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('answers 503 as soon as the process begins to stop, while the cheap health check still says ok', async () => {
    const { app } = await createTestApp()
    await app.ready()
    // The long limit is never reached: this app has no request under way.
    const stopped = stopGracefully(app, 60_000)
    expect(app.stopping).toBe(true)
    await stopped
    // Once closed, Fastify answers every request 503 itself; the answer the route gives a request that
    // reaches it during the stop is checked on the flag the stop set.
    const { app: other } = await createTestApp()
    try {
      other.stopping = true
      const response = await ready(other)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'not_ready', database: 'ok', storage: 'ok', stopping: true })
      expect((await other.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })
})
