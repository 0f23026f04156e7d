// The first routes' code in few chunks (issue 28, docs/decisions/first-routes-in-few-chunks.md).
//
// Left to itself the bundler makes one chunk for every set of lazily loaded modules that share code:
// /my-jobs fetched 39 scripts before it could draw its list, many of them 1 to 2 KB. On a tablet's
// slow 4G (150 ms a round trip, six HTTP/1.1 connections) each is one more round trip, and
// Lighthouse's simulation of that link queues them one behind another. So the build is made twice:
// a first pass chunks the app as the bundler would and says which modules each first route's chunks
// hold; the real build then puts them in three chunks of their own:
// - `entry-shared`: the entry module and what it needs (React, the router, the transport, and what it
//   shares with lazily loaded modules), what both first routes use (Fluent's field, input and button),
//   and the bundler's runtime helpers: the build's entry chunk (its file keeps the entry's name,
//   `index-…`), one request where there were three (the entry module alone, the runtime, the rest).
//   In Lighthouse's simulation of a tablet's first load every request before the list's paint waits
//   for the one before it on a warm connection (about 190 ms each on its slow 4G), whatever its size
//   (docs/research/my-jobs-tablet.md §17);
// - `sign-in`: what only /login uses (its frame, its page, its form);
// - `signed-in-first`: what only /my-jobs uses (the frame, the list, the filters, the page).
// Everything loaded later (dialogs, the wizard, other pages) keeps the bundler's own chunking.
import path from 'node:path'
import { build, type InlineConfig, type Rollup } from 'vite'
import { routeChunkFiles, withStaticImports, type Bundle } from './preload-first-route.ts'

type CodeSplittingGroup = { name: (moduleId: string) => string | null }

/** Rolldown's module of runtime helpers (its `RUNTIME_MODULE_ID`). */
const BUNDLER_RUNTIME = '\0rolldown/runtime.js'

/** The modules held by `files` (chunk file names of `bundle`). */
function modulesOf(bundle: Bundle, files: Iterable<string>): Set<string> {
  const modules = new Set<string>()
  for (const file of files) {
    const output = bundle[file]
    if (output?.type === 'chunk') for (const id of output.moduleIds) modules.add(id)
  }
  return modules
}

/**
 * `pass`: the build's config with only what decides the module graph (aliases, the plugins that resolve
 * or transform modules). `entry`: the entry module; `signIn` and `signedIn`: each first route's modules;
 * paths from the project's root.
 */
export async function firstRouteChunkGroups(
  pass: InlineConfig,
  routes: { entry: string; signIn: string[]; signedIn: string[] },
): Promise<CodeSplittingGroup[]> {
  const root = pass.root ?? process.cwd()
  const result = await build({ ...pass, configFile: false, logLevel: 'silent', build: { ...pass.build, write: false, manifest: false } })
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RolldownOutput[]
  const bundle = Object.fromEntries(outputs.flatMap((output) => output.output.map((file) => [file.fileName, file]))) as Bundle
  const entry = Object.values(bundle).find((output): output is Rollup.OutputChunk => output.type === 'chunk' && output.isEntry)
  if (!entry) throw new Error('first-route-chunks: the first pass has no entry chunk')

  // The entry module (and index.html's own) goes to `entry-shared` with what the entry chunk held
  // besides (React, the router, the transport) and the small chunks it imported: that group becomes
  // the entry chunk. (With the entry module alone in the entry chunk, a module the groups also import
  // was split out of it into one more chunk of its own.)
  const entryModules = new Set([path.resolve(root, routes.entry), entry.facadeModuleId ?? ''])
  const signIn = modulesOf(bundle, routeChunkFiles(bundle, root, entry.fileName, routes.signIn))
  const signedIn = modulesOf(bundle, routeChunkFiles(bundle, root, entry.fileName, routes.signedIn))
  const chunkOf = new Map<string, string>()
  for (const id of signedIn) chunkOf.set(id, 'signed-in-first')
  // What both routes use (Fluent's field, input and button) goes with the entry's: one chunk fewer on each.
  for (const id of signIn) chunkOf.set(id, signedIn.has(id) ? 'entry-shared' : 'sign-in')
  for (const id of modulesOf(bundle, withStaticImports(bundle, entry.fileName))) chunkOf.set(id, 'entry-shared')
  for (const id of entryModules) chunkOf.set(id, 'entry-shared')
  // The helpers every chunk of CommonJS code (React) imports; left alone they are a chunk of their own.
  chunkOf.set(BUNDLER_RUNTIME, 'entry-shared')
  return [{ name: (id) => chunkOf.get(id) ?? null }]
}
