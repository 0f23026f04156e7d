// Two server processes started at the same moment on one empty PostgreSQL database, as a deploy of N
// processes does (docs/deploy.md): both become ready, the migrations are applied once, the demo clerk
// and its dozen demo jobs exist once, and a sign-in on one process is honoured by the other (the access
// tokens' secret is generated once and kept in the database, not once per process).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../../src/db/database.ts'
import { migrateQueueSchema } from '../../src/db/queue-schema.ts'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { startWorkQueue } from '../../src/queue/queue.ts'
import { QUEUE_NAMES } from '../../src/queue/queues.ts'
import { ROOT, signInDemoClerk, startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'

/** A new, empty database on the test run's PostgreSQL server; answers its URL. */
async function emptyDatabase(): Promise<URL> {
  const name = `fresh_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${name}`
  return url
}

const MIGRATION_COUNT = (JSON.parse(readFileSync(path.join(ROOT, 'server/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length

describe.skipIf(inject('databaseKind') !== 'postgres')('two processes started at once on one empty PostgreSQL', { timeout: 180_000 }, () => {
  let servers: CompiledServer[] = []
  let dataDir: string
  let client: pg.Client

  beforeAll(async () => {
    const databaseUrl = await emptyDatabase()
    // One data folder for both, as processes share their storage.
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-two-'))
    const env = { DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'true', PUBLIC_URL: 'http://localhost:8080' }
    servers = await Promise.all([startCompiledServer(env), startCompiledServer(env)])
    client = new pg.Client({ connectionString: databaseUrl.toString() })
    await client.connect()
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await client?.end()
    await rm(dataDir, { recursive: true, force: true })
  })

  const count = async (text: string, values: unknown[] = []) => (await client.query<{ count: number }>(text, values)).rows[0]!.count

  it('has both ready, with the migrations applied once and one demo clerk with one dozen demo jobs', async () => {
    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/health/ready`)
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready', database: 'ok', storage: 'ok', stopping: false } })
    }
    expect(await count('select count(*)::int as count from drizzle.__drizzle_migrations')).toBe(MIGRATION_COUNT)
    expect(await count('select count(distinct hash)::int as count from drizzle.__drizzle_migrations')).toBe(MIGRATION_COUNT)
    expect(await count('select count(*)::int as count from users where lower(email) = $1', [DEMO_CLERK.email])).toBe(1)
    expect(await count('select count(*)::int as count from jobs join users on users.id = jobs.user_id where lower(users.email) = $1', [DEMO_CLERK.email])).toBe(12)
  })

  it('honours on one process a sign-in made on the other', async () => {
    const [first, second] = servers as [CompiledServer, CompiledServer]
    const token = await signInDemoClerk(first)
    const profile = await fetch(`${second.url}/api/profile`, { headers: { authorization: `Bearer ${token}` } })
    expect(profile.status).toBe(200)
    expect(((await profile.json()) as { email: string }).email).toBe(DEMO_CLERK.email)
  })

  it('creates the work queues once when several processes start them together on a database that has none', async () => {
    // What each process does at start, four at once, without the time a whole server takes to get there
    // (which made the race rare): the queues' schema, then each process's queue start and its queues.
    const url = (await emptyDatabase()).toString()
    const databases = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url })))
    try {
      await migrateQueueSchema(databases[0]!)
      const silent = { error: () => undefined }
      const queues = await Promise.all(databases.map((database) => startWorkQueue(database, silent, { clock: false })))
      await Promise.all(queues.map((queue) => queue.stop()))
      const created = new pg.Client({ connectionString: url })
      await created.connect()
      const names = (await created.query<{ name: string }>('select name from pgboss.queue order by name')).rows.map((row) => row.name)
      await created.end()
      expect(names).toEqual([...QUEUE_NAMES].sort())
    } finally {
      await Promise.all(databases.map((database) => database.close()))
    }
  })
})
