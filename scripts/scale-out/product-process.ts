// One product process as `npm start` runs it (node on the compiled server, built first when its sources
// changed), on a port chosen before it starts so that nginx's upstream can name it, and restarted on the
// same port after a `kill -9`.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { ROOT } from './paths.ts'
import { GiveUp, waitFor } from './wait-for.ts'
import { SERVER_NODE_FLAGS } from '../../server/src/start-flags.ts'

export const COMPILED_ENTRY = 'server/dist/src/main.js'

let build: Promise<unknown> | undefined
/** Builds the server into server/dist when its sources changed, once per run (as `npm start` does). */
export function buildServerIfNeeded(): Promise<unknown> {
  build ??= promisify(execFile)(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: ROOT })
  return build
}

export interface ProductProcess {
  readonly name: string
  readonly port: number
  /** The running process's id (changes on restart). */
  pid(): number
  /** Everything this process (and its earlier lives on this port) wrote. */
  output(): string
  /** Resolves once it says it is ready and GET /api/health/ready answers 200 (a restart waits for its own start). */
  ready(): Promise<void>
  /** SIGKILL, as a crash or an out-of-memory kill would end it; resolves once it is gone. */
  kill9(): Promise<void>
  /** Starts it again on the same port and settings; resolves once it is ready. */
  restart(): Promise<void>
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>
}

export function startProductProcess(name: string, port: number, env: Record<string, string>): ProductProcess {
  let child: ChildProcess
  let output = ''
  let lifeStart = 0
  const spawnOne = () => {
    lifeStart = output.length
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_ENTRY], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null
  const ended = () => (gone() ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())))
  spawnOne()

  return {
    name,
    port,
    pid: () => child.pid!,
    output: () => output,
    ready: async () => {
      await waitFor(
        `${name} (port ${port}) to say it is ready`,
        async () => {
          if (gone()) throw new GiveUp(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output.slice(lifeStart)}`)
          if (!/is ready at http/.test(output.slice(lifeStart))) return false
          // What a load balancer asks: the database and the storage answer (multi-process's route).
          const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`)
          if (ready.status !== 200) throw new Error(`GET /api/health/ready answered ${ready.status}: ${await ready.text()}`)
          return true
        },
        { timeoutMs: 120_000 },
      )
    },
    async kill9() {
      child.kill('SIGKILL')
      await ended()
    },
    async restart() {
      if (!gone()) throw new Error(`${name} is still running`)
      output += `\n--- ${name} restarted ---\n`
      spawnOne()
      await this.ready()
    },
    async stop() {
      if (gone()) return
      child.kill('SIGTERM')
      await ended()
    },
  }
}
