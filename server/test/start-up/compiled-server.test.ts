// `npm start` runs the server compiled to JavaScript (scripts/build-server-if-needed.mjs, server/dist/src)
// rather than through tsx's loader, for the idle server's memory. The compiled server must be the same
// server: it finds its migrations, creates and seeds an empty database of either kind, signs the demo
// clerk in and lists its jobs. The build runs again only when a source is newer than it.
import { mkdtemp, readFile, rm, stat, utimes } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildServerIfNeeded, COMPILED_ENTRY, signInDemoClerk, startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { SERVER_NODE_FLAGS } from '../../src/start-flags.ts'

/** An empty database of the project's kind: a new data folder, or a new PostgreSQL database (no template). */
async function emptyDatabaseEnv(): Promise<Record<string, string>> {
  if (inject('databaseKind') === 'pglite') return {}
  const name = `compiled_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${name}`
  return { DATABASE_URL: url.toString() }
}

describe('the compiled server', () => {
  let server: CompiledServer
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-compiled-'))
    server = await startCompiledServer({ DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'true', LOG_LEVEL: 'warn', ...(await emptyDatabaseEnv()) }, { createDatabase: true })
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('runs node on the built JavaScript with the server’s flags, and no TypeScript loader', async () => {
    const commandLine = (await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean)
    expect(commandLine).toEqual([process.execPath, ...SERVER_NODE_FLAGS, COMPILED_ENTRY])
  })

  it('migrates and seeds an empty database, signs the demo clerk in and lists its dozen demo jobs', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', database_kind: inject('databaseKind') })
    const token = await signInDemoClerk(server)
    const week = 7 * 24 * 3_600_000
    const list = await fetch(`${server.url}/api/clerk/dashboard?start=${Date.now() - week}&end=${Date.now() + 3_600_000}`, { headers: { authorization: `Bearer ${token}` } })
    expect(list.status).toBe(200)
    expect(((await list.json()) as unknown[]).length).toBe(12)
  })

  // Creating an embedded database (initdb) took the server's own process to a peak of 815 MB and left
  // it at 730 MB; created in a child process, the server's peak is its restart size (about 300 MB).
  // Read from the kernel's high-water mark after the fact, so nothing here depends on timing.
  it.skipIf(inject('databaseKind') === 'postgres')("creates the embedded database outside the server's own process, whose peak stays small", async () => {
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8')
    const peakMb = Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024
    expect(peakMb).toBeLessThan(500)
    expect(await readFile(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toMatch(/^\d+\n?$/)
  })
})

describe.skipIf(inject('databaseKind') === 'postgres')('building the server when needed', () => {
  it('rebuilds when a source is newer than the build, and not otherwise', async () => {
    await buildServerIfNeeded()
    const longAgo = new Date('2001-01-01T00:00:00Z')
    await utimes(COMPILED_ENTRY, longAgo, longAgo)
    expect(await buildServerIfNeeded()).toBe('Sources changed since the last build: rebuilding the server…\n')
    expect((await stat(COMPILED_ENTRY)).mtimeMs).toBeGreaterThan(longAgo.getTime())
    expect(await buildServerIfNeeded()).toBe('')
  })
})
