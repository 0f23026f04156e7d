// A Vite build plugin: index.html preloads (<link rel="modulepreload">) the chunks of the route a
// visit most often starts on, besides the entry's own chunks that Vite already preloads. Without it
// the browser finds those chunks only once the entry has downloaded and run, one request after the
// other. index.html is the same document for every path (the SPA fallback, and the service worker's
// copy), so it can name only one route: /login, where / and unknown paths also go. Other paths start
// their own route's chunks from the entry (src/app/route-modules.tsx startRoute); the prerendered
// documents name their own route's (scripts/prerender-screens.ts).
import path from 'node:path'
import type { IndexHtmlTransformContext, Plugin } from 'vite'

export type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>

/** The chunk files `fileName` needs, itself first, following static imports. */
export function withStaticImports(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  const output = bundle[fileName]
  if (into.has(fileName) || output?.type !== 'chunk') return into
  into.add(fileName)
  for (const imported of output.imports) withStaticImports(bundle, imported, into)
  return into
}

/**
 * The chunk files of a route's `modules` (paths from the project's `root`, e.g.
 * src/app/routes/login.tsx) with what they statically import, leaving out what the entry chunk
 * `entryFileName` already brings (Vite preloads those itself).
 */
export function routeChunkFiles(bundle: Bundle, root: string, entryFileName: string, modules: string[]): string[] {
  const entryFiles = withStaticImports(bundle, entryFileName)
  const files = new Set<string>()
  for (const module of modules) {
    const id = path.resolve(root, module)
    // The chunk holding the module: its own, or the group it was put in (scripts/first-route-chunks.ts).
    const routeChunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(id))
    // A moved or renamed route must fail the build, not quietly stop being preloaded.
    if (!routeChunk) throw new Error(`the build has no chunk for ${module}`)
    withStaticImports(bundle, routeChunk.fileName, files)
  }
  return [...files].filter((file) => !entryFiles.has(file))
}

/** `modules`: the route's modules, as paths from the project's root (e.g. src/app/routes/login.tsx). */
export function preloadFirstRoute(modules: string[]): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'inspectscribe:preload-first-route',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return
        let files: string[]
        try {
          files = routeChunkFiles(bundle, root, chunk.fileName, modules)
        } catch (error) {
          throw new Error(`preload-first-route: ${error instanceof Error ? error.message : String(error)}`)
        }
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }))
      },
    },
  }
}
