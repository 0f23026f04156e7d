// The JavaScript the /login route loads before it can be used, gzip -9, read from Vite's manifest.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { SIGN_IN_ROUTE_FILES } from '../../src/app/route-files.ts'
import { ROOT } from './paths.ts'

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

function loginRouteScripts(manifest: Manifest): string[] {
  // What /login loads before it can be used: the entry, the auth frame and the login page,
  // with everything they import statically. Lazily imported modules are not counted.
  const roots = ['index.html', ...SIGN_IN_ROUTE_FILES]
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

export function measureLoginRoute(): { totalKb: number; rows: [string, number][] } {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-portal-if-needed.mjs')], { stdio: 'inherit' })
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Manifest
  const rows = loginRouteScripts(manifest).map((file): [string, number] => [
    file,
    gzipSync(readFileSync(path.join(ROOT, 'dist', file)), { level: 9 }).length / 1024,
  ])
  rows.sort((a, b) => b[1] - a[1])
  return { totalKb: rows.reduce((sum, [, kb]) => sum + kb, 0), rows }
}

