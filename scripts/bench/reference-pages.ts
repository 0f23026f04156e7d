// What Lighthouse gives, on this machine, pages far smaller than the portal's built with the same parts:
// a table in HTML, React hydrating it, a Fluent sign-in form, a Fluent list page, that list page with
// the libraries the portal runs before its list, and the same with My Jobs' loading spinner turning until
// the list is in (reference-pages/). Measured exactly as the first-paint item measures the portal (its
// Lighthouse settings and Chromium, median of 5), and started the portal's way: prerendered documents,
// the list pages' scripts after the first paint (the portal's own loader).
// Issue 28's budgets are judged on the portal; these rows say what part of a miss the machine explains:
// a budget a reference page misses here is out of reach on this machine with these parts, and a budget
// they meet is the portal's own work to reach (docs/research/my-jobs-tablet.md §15).
import { createServer, type Server } from 'node:http'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { measureRoute, withLighthouseBrowser, type RoutePaint } from './first-paint.ts'
import { ROOT } from './paths.ts'
import { minifiedLoader, withScreenScripts } from '../screen-scripts.ts'
import type { ReferenceDocument } from './reference-pages/documents.tsx'
import { REFERENCE_ROWS } from './reference-pages/list-rows.ts'

const PAGES_SOURCE = path.join(ROOT, 'scripts', 'bench', 'reference-pages')
const MODULE_TAG = /<script type="module" src="\.\/([\w-]+)\.tsx"><\/script>/

/** Builds the documents into `folder`/dist: each page's module through Vite, the list pages given the portal's loader. */
async function buildPages(folder: string, documents: ReferenceDocument[]): Promise<string> {
  for (const document of documents) {
    // The page's module, imported from the sources by a file of its own in the build's root.
    const module = MODULE_TAG.exec(document.html)?.[1]
    if (module) await writeFile(path.join(folder, `${module}.entry.ts`), `import ${JSON.stringify(path.relative(folder, path.join(PAGES_SOURCE, `${module}.tsx`)))}\n`)
    const html = module ? document.html.replace(MODULE_TAG, `<script type="module" src="./${module}.entry.ts"></script>`) : document.html
    await writeFile(path.join(folder, document.name), html)
  }
  const dist = path.join(folder, 'dist')
  await build({
    root: folder,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: dist, rolldownOptions: { input: documents.map((document) => path.join(folder, document.name)) } },
  })
  const loader = await minifiedLoader(ROOT)
  for (const document of documents.filter((page) => page.scriptsAfterPaint)) {
    const file = path.join(dist, document.name)
    const html = await readFile(file, 'utf8')
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]!)
    await writeFile(file, withScreenScripts(html, { base: '/', entryFiles: new Set(preloads), routeFiles: [], loader }))
  }
  return dist
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }

/**
 * Serves `dist` and /list.json, brotli-compressed as the portal's server sends its chunks. Everything is
 * compressed before the server listens, so no load that Lighthouse times waits for a compression.
 */
async function servePages(dist: string): Promise<{ server: Server; url: string }> {
  const files = (await readdir(dist, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
  const compressed = new Map<string, Buffer>([['/list.json', brotliCompressSync(JSON.stringify(REFERENCE_ROWS))]])
  for (const file of files) {
    const full = path.join(file.parentPath, file.name)
    compressed.set(`/${path.relative(dist, full).split(path.sep).join('/')}`, brotliCompressSync(await readFile(full)))
  }
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://reference').pathname
    const body = compressed.get(pathname)
    if (!body) return void response.writeHead(404).end()
    response.writeHead(200, {
      'content-type': TYPES[path.extname(pathname)] ?? 'application/octet-stream',
      'content-encoding': 'br',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    response.end(body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })))
}

export interface ReferencePaint {
  says: string
  paint: RoutePaint
}

export async function measureReferencePages(): Promise<ReferencePaint[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-reference-pages-'))
  try {
    // Imported here: React's server renderer and Fluent take seconds to load, and the other items need neither.
    const { referenceDocuments } = await import('./reference-pages/documents.tsx')
    const documents = referenceDocuments()
    const { server, url } = await servePages(await buildPages(folder, documents))
    try {
      return await withLighthouseBrowser(async (browser) => {
        const paints: ReferencePaint[] = []
        for (const document of documents) paints.push({ says: document.says, paint: await measureRoute(browser, [{ label: 'reference', url }], `/${document.name}`, false) })
        return paints
      })
    } finally {
      server.close()
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
