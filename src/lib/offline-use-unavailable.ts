// What the portal says when the browser refuses its service worker (a private window in some browsers,
// a policy, a blocked script): it still works online, only its offline copy is missing, so that is said
// once, as a warning, rather than left as an uncaught error. Its own module so that the e2e tests can
// read the text without the page's code.
export const OFFLINE_USE_UNAVAILABLE = 'The portal could not be installed for offline use in this browser:'

export function warnOfflineUseUnavailable(reason: unknown): void {
  console.warn(`${OFFLINE_USE_UNAVAILABLE} ${reason instanceof Error ? reason.message : String(reason)}`)
}
