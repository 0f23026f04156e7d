// Server cold start: from spawning the process to a healthy /api/health.
import { spawn } from 'node:child_process'
import { builtServerEntry } from '../../tests/e2e/support/server.ts'
import { ROOT } from './paths.ts'

export async function timeToHealthy(dataDir: string): Promise<number> {
  // Built before the clock starts: the time is the start of the server `npm start` runs, not the build's.
  const entry = await builtServerEntry()
  const started = performance.now()
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /is ready at (http:\/\/\S+)/.exec(output)
        if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'))
      })
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.once('exit', (code) => reject(new Error(`the server exited with code ${code}:\n${output}`)))
    })
    for (;;) {
      const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
      if (healthy) return performance.now() - started
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

