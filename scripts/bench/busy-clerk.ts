// A data folder (or a PostgreSQL database) holding one busy clerk with 5,000 jobs made by the same
// generator as `npm run ops -- demo-jobs --count 5000` (server/src/jobs/demo-jobs.ts: spread over the last
// 6 days, across the whole life cycle, with their files, status history and staff notes), so the bench's
// list is the one an operator's demo shows. Written straight into the database before the server starts
// on it (PGlite allows one process at a time); and the clerk's list asked for as a browser asks.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres, type PostgresServer } from '../../server/test/support/postgres-server.ts'
import { hashPassword } from '../../server/src/auth/passwords.ts'
import { prepareDatabase } from '../../server/src/db/prepare.ts'
import { users } from '../../server/src/db/schema.ts'
import { createDemoJobs } from '../../server/src/jobs/demo-jobs.ts'
import { createLocalStorage } from '../../server/src/storage/local-storage.ts'
import type { DatabaseSetting } from '../../server/src/config.ts'

export const BUSY_CLERK = { email: 'busy.clerk@example.com', password: 'Busy-Clerk-2026!' }

/** Seeds the data folder's embedded database (or the PostgreSQL database given instead) and its files folder, as the server lays them out. */
export async function seedBusyClerk(dataDir: string, jobCount: number, postgresUrl?: string): Promise<void> {
  const target: DatabaseSetting = postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dataDir: `${dataDir}/pglite` }
  const database = await prepareDatabase({ database: target, demoAccount: false })
  try {
    const { db } = database
    const [clerk] = await db
      .insert(users)
      .values({ email: BUSY_CLERK.email, fullName: 'Busy Clerk', companyName: 'Busy Inventories', passwordHash: await hashPassword(BUSY_CLERK.password) })
      .returning({ id: users.id })
    // The files folder the server uses (server/src/app.ts), so the jobs' files are there when it starts.
    await createDemoJobs(db, createLocalStorage(path.join(dataDir, 'files')), clerk!.id, jobCount)
  } finally {
    await database.close()
  }
}

/** The busy clerk signed in on `serverUrl`: its list's address (the seeded range) and headers, compressed as a browser asks. */
export async function busyClerkListRequest(serverUrl: string): Promise<{ dashboardUrl: string; headers: Record<string, string> }> {
  const login = await fetch(`${serverUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUSY_CLERK) })
  const { token } = (await login.json()) as { token: string }
  const dashboardUrl = `${serverUrl}/api/clerk/dashboard?start=${Date.now() - 7 * 24 * 3_600_000}&end=${Date.now() + 3_600_000}`
  return { dashboardUrl, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } }
}

/** Asks for the whole list once and checks it holds every seeded job. */
export async function fetchWholeList(dashboardUrl: string, headers: Record<string, string>, jobCount: number): Promise<void> {
  const listed = (await (await fetch(dashboardUrl, { headers })).json()) as unknown[]
  if (listed.length !== jobCount) throw new Error(`the dashboard listed ${listed.length} jobs, not ${jobCount}`)
}

export type BenchDatabase = 'pglite' | 'postgres'

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
