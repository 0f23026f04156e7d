// A Vite build plugin: emits login.html, index.html with the sign-in form prerendered into #root
// (src/app/prerender-sign-in.tsx renders it), beside index.html. The server answers /login with it
// (server/src/plugins/portal.ts) and so does the service worker, which precaches it like every built
// HTML file (sw/sw.ts); every other path keeps index.html, so a signed-in page never shows a sign-in
// form. A render that fails, or lacks the form, fails the build.
// docs/decisions.md "Performance: the prerendered sign-in page".
import { createServer, type Plugin, type ResolvedConfig } from 'vite'

const RENDERER_MODULE = '/src/app/prerender-sign-in.tsx'
const SIGN_IN_DOCUMENT = 'login.html'

/** What RENDERER_MODULE exports: the built index.html in, login.html out. */
interface SignInRenderer {
  prerenderSignIn: (indexHtml: string) => Promise<string>
}

export function prerenderSignIn(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'inspectscribe:prerender-sign-in',
    apply: 'build',
    // After Vite's own HTML plugin, whose index.html (with its script and preload tags) it starts from.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') return this.error('prerender-sign-in: the build has no index.html')
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
        const { prerenderSignIn: render } = (await server.ssrLoadModule(RENDERER_MODULE)) as SignInRenderer
        const source = await render(String(index.source))
        this.emitFile({ type: 'asset', fileName: SIGN_IN_DOCUMENT, source })
      } catch (error) {
        this.error(error instanceof Error ? error : new Error(String(error)))
      } finally {
        await server.close()
      }
    },
  }
}
