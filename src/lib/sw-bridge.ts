// The page's side of the service worker: registration, the "new version" state, and applying it.
// A new worker waits until the person chooses Reload; then it takes over and the page reloads once.
import { whenListShown } from './list-first'
import { warnOfflineUseUnavailable } from './offline-use-unavailable'

type Listener = () => void

let updateWaiting = false
let applyWaitingUpdate: (() => void) | null = null
const listeners = new Set<Listener>()

/** Records that a new version waits; `apply` makes it take over. */
export function announceWaitingUpdate(apply: () => void): void {
  updateWaiting = true
  applyWaitingUpdate = apply
  for (const listener of listeners) listener()
}

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isUpdateWaiting(): boolean {
  return updateWaiting
}

export function applyUpdate(): void {
  applyWaitingUpdate?.()
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** The web app manifest (vite-plugin-pwa's file, at the root the portal is served from). */
export const WEB_APP_MANIFEST = '/manifest.webmanifest'

/**
 * Links the manifest, when the document does not: my-jobs.html leaves it to the page
 * (src/app/prerender-screens.tsx), since Chromium fetches the manifest and then its icon as soon as the
 * link is parsed, two more requests before the list on a tablet's slow link
 * (docs/research/my-jobs-tablet.md §17).
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = WEB_APP_MANIFEST
  document.head.append(link)
}

/**
 * Registers the worker after the page has loaded, so it never competes with the first screen's own
 * requests, and on a load of My Jobs once its list is on screen (src/lib/list-first.ts); the manifest,
 * the other half of what installs the portal, is linked then too. (Waiting further, for an idle moment,
 * was tried for the first paint: on a busy machine the worker then took control of the page tens of
 * seconds late, and the offline shell with it.)
 */
export function registerServiceWorker(): void {
  void whenListShown().then(linkManifest)
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  void Promise.all([loaded, whenListShown()]).then(register).catch(warnOfflineUseUnavailable)
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window')
  // The built worker is one self-contained script, so it registers as a classic worker everywhere.
  const workbox = new Workbox('/sw.js', { scope: '/' })

  workbox.addEventListener('waiting', () => {
    announceWaitingUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload())
      workbox.messageSkipWaiting()
    })
  })

  const registration = await workbox.register()
  if (!registration) return
  // A tablet may stay open for days: look for a new version every hour as well as at each load.
  setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS)
  await askToBeControlled()
}

/**
 * The worker claims every open page when it activates, but a page whose navigation was under way at
 * that moment is missed by that claim and would stay uncontrolled until its next load (its requests
 * then get no answer from the worker's caches offline). Once a worker is active, such a page asks.
 */
async function askToBeControlled(): Promise<void> {
  const { active } = await navigator.serviceWorker.ready
  if (!navigator.serviceWorker.controller) active?.postMessage({ type: 'CLAIM' })
}

/** For tests only: forget any waiting update. */
export function resetUpdateStateForTests(): void {
  updateWaiting = false
  applyWaitingUpdate = null
}
