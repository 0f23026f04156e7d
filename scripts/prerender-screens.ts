// A Vite build plugin: emits one document per prerendered screen (src/app/prerender-screens.tsx lists
// them and renders them): index.html with that screen rendered into #root, beside index.html.
// login.html holds the sign-in form, my-jobs.html the signed-in frame and My Jobs with nothing
// personal in it. The server answers exactly those paths with them (server/src/plugins/portal.ts) and
// so does the service worker, which precaches them like every built HTML file (sw/sw.ts); every other
// path keeps index.html. A render that fails, or lacks its screen's texts, fails the build.
// docs/decisions/prerendered-sign-in-page.md and docs/decisions/prerendered-my-jobs-shell.md.
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import { routeChunkFiles, withStaticImports, type Bundle } from './preload-first-route.ts'
import { minifiedLoader, withScreenScripts } from './screen-scripts.ts'

const RENDERER_MODULE = '/src/app/prerender-screens.tsx'

/** What RENDERER_MODULE exports: the built index.html in, each screen's document out. */
interface ScreensRenderer {
  prerenderScreens: (indexHtml: string) => Promise<{ fileName: string; html: string; routeModules: string[] }[]>
}

/** What a document that starts its scripts after its paint names: the entry's chunks and its route's (scripts/screen-scripts.ts). */
function scriptsFor(bundle: Bundle, config: ResolvedConfig, routeModules: string[], loader: string) {
  const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry)
  if (!entry) throw new Error('prerender-screens: the build has no entry chunk')
  return {
    base: config.base,
    entryFiles: withStaticImports(bundle, entry.fileName),
    routeFiles: routeChunkFiles(bundle, config.root, entry.fileName, routeModules),
    loader,
  }
}

export function prerenderScreens(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'inspectscribe:prerender-screens',
    apply: 'build',
    // After Vite's own HTML plugin, whose index.html (with its script and preload tags) it starts from.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') return this.error('prerender-screens: the build has no index.html')
      // The app's modules, loaded for Node by Vite itself (aliases, TSX): a server with no HTTP side.
      const server = await createServer({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      try {
        const { prerenderScreens: render } = (await server.ssrLoadModule(RENDERER_MODULE)) as ScreensRenderer
        const loader = await minifiedLoader(config.root)
        for (const { fileName, html, routeModules } of await render(String(index.source))) {
          this.emitFile({ type: 'asset', fileName, source: withScreenScripts(html, scriptsFor(bundle, config, routeModules, loader)) })
        }
      } catch (error) {
        this.error(error instanceof Error ? error : new Error(String(error)))
      } finally {
        await server.close()
      }
    },
  }
}
