// Builds the portal when dist/ is missing or older than any of its sources, so `npm start`
// on a fresh clone just works and a second start does not pay for a build.
import { existsSync, statSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist', 'index.html')
const sources = ['src', 'sw', 'public', 'contract', 'index.html', 'vite.config.ts', 'scripts/preload-first-route.ts', 'scripts/prerender-sign-in.ts', 'package-lock.json']

function newestChange(target) {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)))
  return newest
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
const changedAt = Math.max(...sources.map((s) => path.join(root, s)).filter(existsSync).map(newestChange))

if (builtAt < changedAt) {
  console.log(builtAt === 0 ? 'Building the portal (first start)…' : 'Sources changed since the last build: rebuilding the portal…')
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
}
