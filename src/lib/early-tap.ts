// A prerendered button (my-jobs.html's Filters and navigation toggles, the header's bell) can be tapped
// before the scripts have taken it over: the tap would do nothing and be lost. Its document's loader
// (src/app/start-after-paint.js) marks a button that opts in here when it is clicked, and the button
// applies that tap once mounted; once the app has it, its own click handler clears the mark in the same
// event. The same pattern as the sign-in form's early submission (early-submit.ts).
import { useCallback, useEffect, type MouseEvent, type RefObject } from 'react'
import { useLatest } from './use-latest'

/** On a button that keeps an early tap; the loader sets it to PENDING when one happens. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap'
export const EARLY_TAP_PENDING = 'pending'

/** Spread onto the button that keeps an early tap. */
export const keepsEarlyTap = { [EARLY_TAP_ATTRIBUTE]: '' }

/**
 * Applies (`onTap`) a tap made on `button` before the app took it over, once mounted; returns the
 * button's click handler, which calls `onTap` and marks the tap seen.
 */
export function useEarlyTap<T extends HTMLElement>(button: RefObject<T | null>, onTap: () => void): (event: MouseEvent<T>) => void {
  const latest = useLatest(onTap)
  const markSeen = useEarlyTapApplied(button, onTap)
  return useCallback(
    (event: MouseEvent<T>) => {
      markSeen(event)
      latest.current()
    },
    [markSeen, latest],
  )
}

/**
 * For a button whose clicks its component already answers (a popover's trigger, the header's bell):
 * applies (`onEarlyTap`) a tap made on `button` before the app took it over, once mounted; returns a
 * click handler that only marks a later tap seen.
 */
export function useEarlyTapApplied<T extends HTMLElement>(button: RefObject<T | null>, onEarlyTap: () => void): (event: MouseEvent<T>) => void {
  const latest = useLatest(onEarlyTap)
  useEffect(() => {
    // In a task of its own, after any event being dispatched: when the tap itself made React take the
    // button over, this effect runs inside that event, before the click handler, which then marks the
    // tap seen.
    const timer = setTimeout(() => {
      const element = button.current
      if (element?.getAttribute(EARLY_TAP_ATTRIBUTE) !== EARLY_TAP_PENDING) return
      element.setAttribute(EARLY_TAP_ATTRIBUTE, '')
      latest.current()
    })
    return () => clearTimeout(timer)
  }, [button, latest])
  return useCallback((event: MouseEvent<T>) => event.currentTarget.setAttribute(EARLY_TAP_ATTRIBUTE, ''), [])
}
