// Builds the server into plain JavaScript (server/dist/src/main.js) when it is missing or older than any
// of its sources, so `npm start` runs node on compiled code instead of through tsx's loader, whose
// module hooks run in a second V8 instance and cost the idle server about 45 MB
// (docs/decisions/idle-server-memory.md). A second start does not pay for a build.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { newestChange } from './newest-change.mjs'

const root = path.resolve(import.meta.dirname, '..')
// Two levels under server/, as server/src/db/database.ts is: it finds server/drizzle (the migrations)
// as ../../drizzle from its own module, which in the build is main.js.
const SERVER_OUTDIR = path.join(root, 'server', 'dist', 'src')
const sources = ['server/src', 'contract', 'server/tsconfig.json', 'tsconfig.base.json', 'package-lock.json', 'scripts/build-server-if-needed.mjs', 'scripts/newest-change.mjs']

/** Builds when needed; returns the entry to run with node. */
export async function buildServerIfNeeded(outdir = SERVER_OUTDIR) {
  const entry = path.join(outdir, 'main.js')
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0
  const changedAt = newestChange(root, sources)
  if (builtAt >= changedAt) return entry
  console.log(builtAt === 0 ? 'Building the server (first start)…' : 'Sources changed since the last build: rebuilding the server…')
  const result = await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    tsconfig: path.join(root, 'server/tsconfig.json'),
    bundle: true,
    // Packages stay in node_modules and load as they do under tsx; splitting keeps a module that is
    // imported when first needed (the Stripe provider) in a chunk of its own, with its own imports.
    packages: 'external',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  })
  // Each file is written beside and renamed into place, the entry last, so a server started meanwhile
  // (the e2e harness starts several at once) never reads half a file. Chunks are named by content.
  mkdirSync(outdir, { recursive: true })
  const files = result.outputFiles.sort((a, b) => Number(a.path === entry) - Number(b.path === entry))
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  const written = new Set(files.map((file) => path.basename(file.path)))
  for (const name of readdirSync(outdir)) if (!written.has(name) && !name.endsWith('.tmp')) rmSync(path.join(outdir, name), { force: true })
  return entry
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServerIfNeeded()
}
