import path from 'node:path'
import { defineConfig, type InlineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { compression } from 'vite-plugin-compression2'
import { preloadFirstRoute } from './scripts/preload-first-route.ts'
import { prerenderScreens } from './scripts/prerender-screens.ts'
import { firstRouteChunkGroups } from './scripts/first-route-chunks.ts'
import { MY_JOBS_ROUTE_FILES, SIGN_IN_ROUTE_FILES } from './src/app/route-files.ts'

export const THEME_COLOR = '#0f6cbd'

/**
 * React Router 7's package exports only its development build (its issue #12437: "intended to be
 * temporary"), which has its development warnings and their texts always on; the production build
 * beside it is the same code with them off. The portal's build uses that one: 0.5 KB gzip less on every
 * page (docs/decisions/my-jobs-on-a-tablet.md). The development server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production')
  return {
    name: 'inspectscribe:react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  }
}

/** What decides the module graph, with plugins of its own: the first-route chunks' first pass builds with this alone. */
const moduleGraph = () => ({
  root: import.meta.dirname,
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, 'contract'),
    },
  },
  plugins: [react(), reactRouterProductionBuild()],
  build: { target: 'es2022' },
}) satisfies InlineConfig

export default defineConfig(async ({ command }) => {
  const graph = moduleGraph()
  // The first routes' code in few chunks (scripts/first-route-chunks.ts); a build only.
  const groups = command === 'build' ? await firstRouteChunkGroups(moduleGraph(), { entry: 'src/main.tsx', signIn: SIGN_IN_ROUTE_FILES, signedIn: MY_JOBS_ROUTE_FILES }) : []
  return {
    resolve: graph.resolve,
    plugins: [
      ...graph.plugins,
      // index.html preloads the sign-in route's chunks: docs/decisions/first-paint-budgets-and-bench.md.
      preloadFirstRoute(SIGN_IN_ROUTE_FILES),
      // login.html and my-jobs.html: index.html with that screen already in it (same section, and "the
      // prerendered My Jobs shell").
      prerenderScreens(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        // src/lib/sw-bridge.ts registers the worker through workbox-window and owns the update prompt.
        injectRegister: false,
        registerType: 'prompt',
        injectManifest: {
          // Icons and the manifest are fetched by the browser itself; precaching them would duplicate entries.
          globPatterns: ['**/*.{js,css,html}'],
        },
        manifest: {
          id: '/',
          name: 'InspectScribe',
          short_name: 'InspectScribe',
          description: 'Send inspection audio for transcription, pay with credits and collect your reports.',
          start_url: '/my-jobs',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: THEME_COLOR,
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
      // Each hashed chunk also as .br and .gz at the highest levels, which the server sends as they are
      // (server/src/plugins/portal.ts): fewer bytes than per-request compression, and no CPU for it while
      // a page loads. Hashed files only: a document or the worker keeps its name across builds, and a
      // copy left from another build must never be served for it.
      compression({
        include: /^assets\/.+\.(js|css)$/,
        algorithms: ['brotliCompress', 'gzip'],
        threshold: 1024,
        skipIfLargerOrEqual: true,
      }),
    ],
    build: {
      ...graph.build,
      // The e2e specs read the manifest to find each route's chunks (tests/e2e/support/built-chunks.ts).
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The groups' modules' dependencies in the entry stay there (they have no others outside the groups).
            includeDependenciesRecursively: false,
            groups,
          },
        },
      },
    },
    server: {
      proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
    },
  }
})
