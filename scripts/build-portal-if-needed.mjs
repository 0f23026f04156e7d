// Builds the portal when dist/ is missing or older than any of its sources, so `npm start`
// on a fresh clone just works and a second start does not pay for a build.
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { newestChange } from './newest-change.mjs'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist', 'index.html')
const sources = ['src', 'sw', 'public', 'contract', 'index.html', 'vite.config.ts', 'scripts/preload-first-route.ts', 'scripts/first-route-chunks.ts', 'scripts/prerender-screens.ts', 'scripts/screen-scripts.ts', 'package-lock.json']

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
const changedAt = newestChange(root, sources)

if (builtAt < changedAt) {
  console.log(builtAt === 0 ? 'Building the portal (first start)…' : 'Sources changed since the last build: rebuilding the portal…')
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
}
