// Starts a throwaway PostgreSQL 15 server for the test run: its own data folder in a temporary
// directory, its own port on 127.0.0.1, durability switched off for speed, removed at the end.
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../../../tests/support/free-port.ts'

export interface PostgresServer {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string
  urlFor(database: string): string
  stop(): Promise<void>
}

export function findPostgresBin(): string {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].filter((p): p is string => !!p)
  const found = candidates.find((dir) => existsSync(path.join(dir, 'postgres')))
  if (!found) {
    throw new Error(
      'PostgreSQL 15 server binaries are missing: install Debian\'s postgresql-15 package (apt-get install postgresql-15) or set PG_BIN to the folder holding initdb and postgres.',
    )
  }
  return found
}

function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited with code ${child.exitCode}:\n${log()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`PostgreSQL did not accept connections within 30 s:\n${log()}`)
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin()
  const user = runAs()
  const root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-pg-'))
  const dataDir = path.join(root, 'data')
  if (user.uid !== undefined) await chown(root, user.uid, user.gid!)

  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
    ...user,
    stdio: 'pipe',
  })

  const port = await freePort()
  let output = ''
  const child = spawn(
    path.join(bin, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  try {
    await waitUntilReady(urlFor('postgres'), child, () => output)
  } catch (error) {
    child.kill('SIGKILL')
    await rm(root, { recursive: true, force: true })
    throw error
  }

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGINT') // fast shutdown: disconnects clients, no waiting
        await exited
      }
      await rm(root, { recursive: true, force: true })
    },
  }
}
