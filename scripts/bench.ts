// `npm run bench`: the product's speed figures and their budgets. Budgets live here, not in tests.
//   1. JavaScript the /login route loads, gzip: budget 150 KB, aim 120 KB.
//   2. Server cold start to a healthy /api/health: first start on an empty data folder
//      (creates, migrates and seeds the embedded database) and a restart on an existing one.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const ROOT = path.resolve(import.meta.dirname, '..')
const LOGIN_BUDGET_KB = 150
const LOGIN_AIM_KB = 120

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

function loginRouteScripts(manifest: Manifest): string[] {
  // What /login loads before it can be used: the entry, the auth frame and the login page,
  // with everything they import statically. Lazily imported modules are not counted.
  const roots = ['index.html', 'src/app/routes/auth-frame.tsx', 'src/app/routes/login.tsx']
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  roots.forEach(visit)
  return [...files].filter((file) => file.endsWith('.js'))
}

function measureLoginRoute(): { totalKb: number; rows: [string, number][] } {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-portal-if-needed.mjs')], { stdio: 'inherit' })
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Manifest
  const rows = loginRouteScripts(manifest).map((file): [string, number] => [
    file,
    gzipSync(readFileSync(path.join(ROOT, 'dist', file)), { level: 9 }).length / 1024,
  ])
  rows.sort((a, b) => b[1] - a[1])
  return { totalKb: rows.reduce((sum, [, kb]) => sum + kb, 0), rows }
}

async function timeToHealthy(dataDir: string): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
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

async function main() {
  const login = measureLoginRoute()
  console.log('\nJavaScript loaded by /login (gzip -9)')
  for (const [file, kb] of login.rows) console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${file}`)
  const verdict = login.totalKb > LOGIN_BUDGET_KB ? 'OVER BUDGET' : login.totalKb > LOGIN_AIM_KB ? 'within budget, above the aim' : 'within the aim'
  console.log(`  ${login.totalKb.toFixed(1).padStart(7)} KB  total (budget ${LOGIN_BUDGET_KB} KB, aim ${LOGIN_AIM_KB} KB): ${verdict}`)

  const dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-'))
  try {
    const first = await timeToHealthy(dataDir)
    const restarts = [await timeToHealthy(dataDir), await timeToHealthy(dataDir), await timeToHealthy(dataDir)]
    const median = restarts.sort((a, b) => a - b)[1]!
    console.log('\nServer cold start to a healthy /api/health (embedded database)')
    console.log(`  ${(first / 1000).toFixed(2).padStart(7)} s   first start: create, migrate and seed the data folder`)
    console.log(`  ${(median / 1000).toFixed(2).padStart(7)} s   restart on an existing data folder (median of 3)`)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }

  if (login.totalKb > LOGIN_BUDGET_KB) process.exitCode = 1
}

await main()
