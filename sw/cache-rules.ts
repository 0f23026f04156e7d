// Which requests the service worker answers, and how. Everything not matched here goes to the
// network untouched: sign-in, payments, job submission and every other API call are never cached.
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { createHandlerBoundToURL } from 'workbox-precaching'
import { LOOKUP_PATHS } from '../contract/lookup-paths.ts'

export const LOOKUP_CACHE = 'lookups-v1'

const API_BASE = new URL(import.meta.env.VITE_API_BASE ?? '/api', self.location.origin)
const LOOKUP_PREFIX = `${API_BASE.pathname.replace(/\/$/, '')}/lookup/`

export function isLookupRequest(url: URL, request: Request): boolean {
  return request.method === 'GET' && url.origin === API_BASE.origin && url.pathname.startsWith(LOOKUP_PREFIX)
}

export function registerCacheRules(): void {
  // The shell: every navigation is answered with the precached index.html, online or not.
  // /api and static documents served beside the portal are real pages, not the shell. /login and
  // /my-jobs never reach this route: the precache's own route, registered first (sw.ts), answers them
  // with the precached login.html and my-jobs.html, their screens prerendered (as the server does).
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api(\/|$)/, /\.html$/],
    }),
  )

  // Lookups change rarely: answer from the cache at once and refresh it in the background.
  registerRoute(
    ({ url, request }) => isLookupRequest(url, request),
    new StaleWhileRevalidate({
      cacheName: LOOKUP_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  )
}

/** Fetches every lookup into the cache; a failure (offline install) is not an error, the lists come later. */
export async function warmLookupCache(): Promise<void> {
  const cache = await caches.open(LOOKUP_CACHE)
  await Promise.all(
    LOOKUP_PATHS.map(async (name) => {
      const url = new URL(`${LOOKUP_PREFIX}${name}`, API_BASE.origin)
      try {
        const response = await fetch(url)
        if (response.ok) await cache.put(url, response)
      } catch {
        // Offline while installing: the stale-while-revalidate route fills the cache on first use.
      }
    }),
  )
}
