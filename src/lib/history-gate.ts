// A popstate listener added when the app starts, before React Router adds its own: leave protection
// (leave-protection.tsx) sets a gate here to keep a Back/Forward step from the router while a screen
// has unsaved changes. It must come first because Chromium calls window's popstate listeners in the
// order they were added, capture or not, so a listener added later cannot stop the router's.

/** Sees every Back/Forward step first; stopImmediatePropagation keeps it from the router. */
export type PopStateGate = (event: PopStateEvent) => void

let gate: PopStateGate | null = null
let installed = false

/** Call once before the router mounts (src/app/app.tsx); later calls do nothing. */
export function installHistoryGate(): void {
  if (installed) return
  installed = true
  window.addEventListener('popstate', (event) => gate?.(event))
}

/** Sets the gate, and returns how to remove it (only while it is still this one). */
export function setPopStateGate(next: PopStateGate): () => void {
  gate = next
  return () => {
    if (gate === next) gate = null
  }
}
