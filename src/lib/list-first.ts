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

/**
 * Called by My Jobs from the effect of the commit that drew its list (or why there is none): lets what
 * waits go once the browser has painted that commit. Let go in the effect itself, it left before the
 * paint whenever the main thread had the rows' style and layout still to do, and on a fast link its
 * answers came before the paint too: Lantern then counted each request in the list's paint (research
 * my-jobs-tablet.md §17). A hidden page paints nothing: there it goes at once. Returns a function that
 * cancels a release not yet made (the effect's cleanup).
 */
export function listShownOncePainted(): () => void {
  if (!holding) return () => undefined
  if (document.visibilityState === 'hidden') {
    listShown()
    return () => undefined
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  // A task queued from an animation frame runs once that frame has been painted.
  const frame = requestAnimationFrame(() => (timer = setTimeout(listShown)))
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * Tells each waiter in a task of its own: each starts its requests and draws itself apart from the
 * others, so a tap made just after the list is answered between them. Told all at once, the profile,
 * the balance, the notifications, the filters' lists and the toaster were one task of 20-35 ms in the
 * bench's traces (research my-jobs-tablet.md §17), 80-140 ms at a tablet's speed.
 */
function notifyOnePerTask(): void {
  const waiters = [...listeners]
  const next = () => {
    const waiter = waiters.shift()
    // One that went meanwhile (its part of the page unmounted) is not told.
    if (waiter && listeners.has(waiter)) waiter()
    if (waiters.length > 0) setTimeout(next)
  }
  next()
}

/** Lets what waits go now: once the list has been painted (above), or when My Jobs goes before it. */
export function listShown(): void {
  if (!holding) return
  holding = false
  release()
  notifyOnePerTask()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isHolding = () => holding

const notWatched = () => () => undefined
const notHolding = () => false

/**
 * Whether what can wait is still held back. With `watch` false, false, and the component is not drawn
 * again when the hold ends (My Jobs watches only while it shows a first page: its release is a task
 * between the list's paint and the clerk's first tap).
 */
export function useWaitingForList(watch = true): boolean {
  // The hydration reads the server snapshot: the same as the client's, so nothing renders twice. Whether
  // something is held changes no markup (only whether requests are made), so the prerendered page matches.
  return useSyncExternalStore(watch ? subscribe : notWatched, watch ? isHolding : notHolding, watch ? isHolding : notHolding)
}

/** Resolves once nothing is held (at once when nothing is). */
export function whenListShown(): Promise<void> {
  return released
}
