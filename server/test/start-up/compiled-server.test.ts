// `npm start` runs the server compiled to JavaScript (scripts/build-server-if-needed.mjs, server/dist/src)
// rather than through tsx's loader, for the idle server's memory. The compiled server must be the same
// server: it finds its migrations, creates and seeds an empty database of either kind, signs the demo
// clerk in and lists its jobs. The build runs again only when a source is newer than it.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, stat, utimes } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const ENTRY = path.join(ROOT, 'server/dist/src/main.js')
const buildIfNeeded = async () => (await promisify(execFile)(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: ROOT })).stdout

/** An empty database of the project's kind: a new data folder, or a new PostgreSQL database (no template). */
async function emptyDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
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
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir }
}

describe('the compiled server', () => {
  let child: ChildProcess
  let dataDir: string
  let output = ''
  let url = ''

  beforeAll(async () => {
    await buildIfNeeded()
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-compiled-'))
    child = spawn(process.execPath, [ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PORTAL_DIR: path.join(dataDir, 'no-portal'),
        DEMO_ACCOUNT: 'true',
        LOG_LEVEL: 'warn',
        ...(await emptyDatabaseEnv(dataDir)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    url = await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the compiled server exited with code ${child.exitCode}:\n${output}`)
        const ready = /is ready at (http:\/\/\S+)/.exec(output)?.[1]
        if (!ready) throw new Error(`not ready yet:\n${output}`)
        return ready.replace('localhost', '127.0.0.1')
      },
      { timeout: 60_000, interval: 100 },
    )
  }, 90_000)

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  })

  it('runs node on the built JavaScript, with no TypeScript loader', async () => {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'args=', '-p', String(child.pid)])
    expect(stdout.trim()).toBe(`${process.execPath} ${ENTRY}`)
  })

  it('migrates and seeds an empty database, signs the demo clerk in and lists its dozen demo jobs', async () => {
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', database_kind: inject('databaseKind') })
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_CLERK.email, password: DEMO_CLERK.password }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const week = 7 * 24 * 3_600_000
    const list = await fetch(`${url}/api/clerk/dashboard?start=${Date.now() - week}&end=${Date.now() + 3_600_000}`, { headers: { authorization: `Bearer ${token}` } })
    expect(list.status).toBe(200)
    expect(((await list.json()) as unknown[]).length).toBe(12)
  })
})

describe.skipIf(inject('databaseKind') === 'postgres')('building the server when needed', () => {
  it('rebuilds when a source is newer than the build, and not otherwise', async () => {
    await buildIfNeeded()
    const longAgo = new Date('2001-01-01T00:00:00Z')
    await utimes(ENTRY, longAgo, longAgo)
    expect(await buildIfNeeded()).toBe('Sources changed since the last build: rebuilding the server…\n')
    expect((await stat(ENTRY)).mtimeMs).toBeGreaterThan(longAgo.getTime())
    expect(await buildIfNeeded()).toBe('')
  })
})
