// The full list of the busy clerk's 5,000 jobs at 4 connections (no If-None-Match, compressed as a
// browser asks), on the embedded database and on PostgreSQL: with the kept compressed answer (the
// default: after the first request every answer comes from memory while the list is unchanged) and
// with the cache turned off (LIST_CACHE_MB=0: every answer is built and compressed, as the first full
// request after a change to the clerk's jobs is).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres, type PostgresServer } from '../../server/test/support/postgres-server.ts'
import { startServer } from '../../tests/e2e/support/server.ts'
import { BUSY_CLERK, seedBusyClerk } from './busy-clerk.ts'
import { measureLoad, type LoadFigures } from './dashboard-load.ts'

export type BenchDatabase = 'pglite' | 'postgres'

export interface FullListFigures {
  database: string
  kept: LoadFigures
  built: LoadFigures
}

/** A fresh database (a PostgreSQL server of its own, or a data folder) seeded with the busy clerk; its server settings for `run`. */
export async function withSeededBusyClerk<T>(kind: BenchDatabase, jobCount: number, run: (env: Record<string, string>, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-list-'))
  let postgres: PostgresServer | undefined
  try {
    const env: Record<string, string> = { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'error' }
    if (kind === 'postgres') {
      postgres = await startPostgres()
      const admin = new pg.Client({ connectionString: postgres.adminUrl })
      await admin.connect()
      await admin.query('create database bench')
      await admin.end()
      env.DATABASE_URL = postgres.urlFor('bench')
    }
    await seedBusyClerk(dataDir, jobCount, env.DATABASE_URL)
    return await run(env, dataDir)
  } finally {
    await postgres?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function listLoad(label: string, dataDir: string, env: Record<string, string>, jobCount: number, seconds: number): Promise<LoadFigures> {
  const server = await startServer({ dataDir, env })
  try {
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUSY_CLERK) })
    const { token } = (await login.json()) as { token: string }
    const dashboardUrl = `${server.url}/api/clerk/dashboard?start=${Date.now() - 7 * 24 * 3_600_000}&end=${Date.now() + 3_600_000}`
    // Asked once first as the load asks (brotli), so the kept run measures the steady rate, not the
    // first four answers built side by side.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' }
    const listed = (await (await fetch(dashboardUrl, { headers })).json()) as unknown[]
    if (listed.length !== jobCount) throw new Error(`the dashboard listed ${listed.length} jobs, not ${jobCount}`)
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
