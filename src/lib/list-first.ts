// On a load of My Jobs the job list goes first: what the clerk waits for, and the page's largest
// element. The header's profile and balance, the notifications, the toaster's code and the service
// worker's registration can come a moment later, once the list (or why there is none) is on screen,
// rather than queue beside the list and its chunks on a slow link (issue 28,
// docs/decisions/list-first.md). Nothing is held on any other load, or once My Jobs has gone.
import { useSyncExternalStore } from 'react'

let holding = false
const listeners = new Set<() => void>()
let release: () => void = () => undefined
let released: Promise<void> = Promise.resolve()

function notify(): void {
  for (const listener of listeners) listener()
}

/** Called by the entry before the first render of a My Jobs load with a session. */
export function holdUntilListShown(): void {
  if (holding) return
  holding = true
  released = new Promise((resolve) => (release = resolve))
  notify()
}

/** Called by My Jobs once its list, or why there is none, is on screen, and when it goes. */
export function listShown(): void {
  if (!holding) return
  holding = false
  release()
  notify()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isHolding = () => holding

/** Whether what can wait is still held back. */
export function useWaitingForList(): boolean {
  // The hydration reads the server snapshot: the same as the client's, so nothing renders twice. Whether
  // something is held changes no markup (only whether requests are made), so the prerendered page matches.
  return useSyncExternalStore(subscribe, isHolding, isHolding)
}

/** Resolves once nothing is held (at once when nothing is). */
export function whenListShown(): Promise<void> {
  return released
}
