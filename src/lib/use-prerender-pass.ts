// Whether this render must draw exactly what the build prerendered
// (docs/decisions/prerendered-my-jobs-shell.md): true when rendering at build time and while React hydrates
// a
// prerendered document, false otherwise. React's own tool for it: useSyncExternalStore renders with
// the server snapshot at build time and while hydrating, then renders again at once with the
// client's. Components use it to leave out, on that first render, what only this browser knows (the
// session, what the device stored, the screen's width), and to show it right after.
import { useState, useSyncExternalStore } from 'react'

const nothingChanges = () => () => undefined
const inTheBrowser = () => false
const prerendering = () => true

export function usePrerenderPass(): boolean {
  return useSyncExternalStore(nothingChanges, inTheBrowser, prerendering)
}

/**
 * Whether this component was first rendered in the prerender pass: it then has something on screen
 * from the document to keep, even once the pass is over. Decided at mount, never again.
 */
export function useMountedInPrerenderPass(): boolean {
  const prerendering = usePrerenderPass()
  const [mountedInPass] = useState(prerendering)
  return mountedInPass
}
