// Serves the built portal on the API's origin. Navigations to any path that is not a file answer
// with index.html (the SPA fallback), so deep links and reloads work; /api never falls back. A path the
// build prerendered answers its own document, the same with that screen in it: /login login.html (the
// sign-in form, docs/decisions/prerendered-sign-in-page.md), /my-jobs my-jobs.html
// (the signed-in frame with nothing personal, docs/decisions/prerendered-my-jobs-shell.md); or
// index.html from a build that has none.
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { ErrorBody } from '@contract/errors.ts'
import { NOT_FOUND_DETAIL } from './error-handler.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// The service worker, the shell and the manifest must be revalidated on every load, or updates stall.
const REVALIDATE = 'no-cache'
/** The paths whose document the build prerenders, and those documents (src/app/prerender-screens.tsx). */
const PRERENDERED_DOCUMENTS: Readonly<Record<string, string>> = { '/login': 'login.html', '/my-jobs': 'my-jobs.html' }

export async function registerPortal(app: FastifyInstance, portalDir: string): Promise<void> {
  const hasPortal = existsSync(path.join(portalDir, 'index.html'))
  // Exact paths only: a redirect to them (/, /dashboard, /login/) renders something else first.
  const documents = new Map(Object.entries(PRERENDERED_DOCUMENTS).filter(([, file]) => existsSync(path.join(portalDir, file))))
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: portalDir,
      index: false,
      cacheControl: false,
      // The build compresses each hashed chunk ahead with brotli and gzip at their highest levels
      // (vite.config.ts): sent as stored, smaller than @fastify/compress's per-request compression and
      // with no CPU spent on it per load. A file without such copies (documents, the worker, small
      // files) is still compressed per request by @fastify/compress.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashedAsset = filePath.startsWith(path.join(portalDir, 'assets') + path.sep)
        reply.header('cache-control', hashedAsset ? IMMUTABLE : REVALIDATE)
        if (filePath.endsWith(`${path.sep}sw.js`)) reply.header('service-worker-allowed', '/')
      },
    })
    // With `index` off the static plugin refuses directories; the root is a navigation like any other.
    app.get('/', (_request, reply) => reply.header('cache-control', REVALIDATE).type('text/html').sendFile('index.html'))
  } else {
    app.log.warn({ portalDir }, 'the portal is not built: serving the API only (run `npm run build`)')
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasPortal && isNavigation(request)) {
      const shell = documents.get(pathnameOf(request)) ?? 'index.html'
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile(shell)
    }
    return reply.status(404).send({ detail: NOT_FOUND_DETAIL, code: 'not_found' } satisfies ErrorBody)
  })
}

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? ''
}

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const pathname = pathnameOf(request)
  if (pathname === '/api' || pathname.startsWith('/api/')) return false
  return (request.headers.accept ?? '').includes('text/html')
}
