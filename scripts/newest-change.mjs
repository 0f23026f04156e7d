// When the newest of some sources changed, for the build-if-needed scripts that `npm start` runs.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

function newestChangeOf(target) {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChangeOf(path.join(target, entry)))
  return newest
}

/** The latest modification time (ms) among `sources` (files or folders, relative to `root`) that exist. */
export function newestChange(root, sources) {
  return Math.max(...sources.map((source) => path.join(root, source)).filter(existsSync).map(newestChangeOf))
}
