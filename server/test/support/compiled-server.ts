// The server process as `npm start` runs it: the server built into server/dist/src when its sources
// changed (scripts/build-server-if-needed.mjs), then node on the compiled entry, on a free port.
import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, inject, vi } from 'vitest'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { SERVER_NODE_FLAGS } from '../../src/start-flags.ts'
import { copyCreatedDatabase } from '../../../tests/support/created-database.ts'

export const ROOT = path.resolve(import.meta.dirname, '../../..')
export const COMPILED_ENTRY = path.join(ROOT, 'server/dist/src/main.js')

/** Runs the build script; answers what it printed (nothing when the build was up to date). */
export const buildServerIfNeeded = async () => (await promisify(execFile)(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: ROOT })).stdout

export interface CompiledServer {
  url: string
  pid: number
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string
  /** Settles when the process has ended, with its exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stop(): Promise<void>
}

/**
 * Builds if needed and starts the compiled server with `env` on top of this process's; resolves once it
 * is ready. On the embedded database a first start creates it (initdb, about 8 s of CPU on a 2-core
 * machine) before migrating and seeding it: only the start-up test's subject (`createDatabase`). Every
 * other server starts on a copy of one created once a run (global-setup-pglite.ts), and still migrates
 * and seeds it as on any first start.
 */
export async function startCompiledServer(env: Record<string, string>, options: { createDatabase?: boolean } = {}): Promise<CompiledServer> {
  await buildServerIfNeeded()
  if (!options.createDatabase && !env.DATABASE_URL && env.DATA_DIR) await copyCreatedDatabase(inject('pgliteCreatedFolder'), env.DATA_DIR)
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_ENTRY], { cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    // Ended already: on its own (exitCode) or killed by a signal (signalCode).
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await exited
  }
  try {
    const url = await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`)
        const ready = /is ready at (http:\/\/\S+)/.exec(output)?.[1]
        if (!ready) throw new Error(`not ready yet:\n${output}`)
        return ready.replace('localhost', '127.0.0.1')
      },
      { timeout: 60_000, interval: 100 },
    )
    return { url, pid: child.pid!, output: () => output, exited, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Signs the demo clerk in over real HTTP (the server started with DEMO_ACCOUNT); answers the access token. */
export async function signInDemoClerk(server: CompiledServer): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CLERK.email, password: DEMO_CLERK.password }),
  })
  expect(login.status).toBe(200)
  return ((await login.json()) as { token: string }).token
}
