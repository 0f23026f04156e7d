/// <reference lib="webworker" />
// The service worker's entry: it only wires events. What is cached and how lives in cache-rules.ts.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerCacheRules, warmLookupCache } from './cache-rules.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

// cleanURLs (Workbox's default, named because the portal relies on it): /login and /my-jobs are
// answered with the precached login.html and my-jobs.html, the documents with their screen already in
// them (src/app/prerender-screens.tsx).
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: true })
cleanupOutdatedCaches()
registerCacheRules()

self.addEventListener('install', (event) => {
  // One online visit is enough for the forms to have their lists offline later.
  event.waitUntil(warmLookupCache())
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type
  // A new version waits until the person chooses Reload in the portal (src/lib/sw-bridge.ts).
  if (type === 'SKIP_WAITING') void self.skipWaiting()
  // A page whose load began while this worker was installing, and ended after activate's claim, was
  // not a client yet when that claim ran: it stays uncontrolled (no offline answers for its requests)
  // until it asks, which the portal does once the worker is active.
  if (type === 'CLAIM') event.waitUntil(self.clients.claim())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
