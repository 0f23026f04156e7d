// Starts the real server process (the same compiled entry `npm start` runs) on a free port with its
// own data folder, and stops it. Tests that need to lose the server (offline) start their own.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SERVER_NODE_FLAGS } from '../../../server/src/start-flags.ts'
import { copyCreatedDatabase, createDatabaseOnce } from '../../support/created-database.ts'

export interface RunningServer {
  url: string
  /** The server process's id (the bench reads its memory in /proc). */
  pid: number
  dataDir: string
  portalDir: string
  output(): string
  stop(): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '../../..')

let serverBuild: Promise<unknown> | undefined

/**
 * The server's compiled entry, built first when its sources changed (as `npm start` does); relative to
 * the root. Checked once per process: the sources do not change during a run, and a spec file may
 * start several servers.
 */
export async function builtServerEntry(): Promise<string> {
  serverBuild ??= promisify(execFile)(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: ROOT })
  await serverBuild
  return 'server/dist/src/main.js'
}

export interface StartOptions {
  portalDir?: string
  env?: Record<string, string>
  /** An existing data folder to run on (kept at stop); a new temporary one otherwise. */
  dataDir?: string
}

const START_LIMIT_MS = 100_000

/** Where the e2e run's created embedded database is (the global setup sets it; workers inherit it). */
const TEMPLATE_VARIABLE = 'E2E_PGLITE_TEMPLATE'

/**
 * Creates the run's embedded database once (tests/support/created-database.ts), for startServer to copy
 * into each new data folder. Returns a function that removes it.
 */
export async function createEmbeddedDatabaseTemplate(): Promise<() => Promise<void>> {
  const { folder, remove } = await createDatabaseOnce()
  process.env[TEMPLATE_VARIABLE] = folder
  return remove
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'inspectscribe-e2e-')))
  const template = options.dataDir ? undefined : process.env[TEMPLATE_VARIABLE]
  if (template) await copyCreatedDatabase(template, dataDir)
  const portalDir = options.portalDir ?? path.join(ROOT, 'dist')
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, await builtServerEntry()], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DIR: portalDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    // A limit, not a wait: a first start on an empty data folder creates, migrates and seeds the embedded
    // database, which took over 60 s at a load of 12 on this 2-core machine (the ai-job spec's own server).
    // Under the 120 s a hook has (playwright.config.ts).
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_LIMIT_MS / 1000} s:\n${output}`)), START_LIMIT_MS)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /is ready at (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!.replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with code ${code}:\n${output}`))
    })
  })

  return {
    url,
    pid: child.pid!,
    dataDir,
    portalDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A private copy of the built portal, for tests that change what the server serves. */
export async function copyPortal(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-portal-'))
  await cp(path.join(ROOT, 'dist'), dir, { recursive: true })
  return dir
}
