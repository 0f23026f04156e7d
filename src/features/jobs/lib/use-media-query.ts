// Whether a CSS media query matches, kept current as the window is resized. jsdom and old browsers
// have no matchMedia: `fallback` is taken then.
import { useCallback, useSyncExternalStore } from 'react'

function mediaQuery(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined
}

export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query)
      list?.addEventListener?.('change', onChange)
      return () => list?.removeEventListener?.('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? fallback,
    () => fallback,
  )
}

/**
 * The job list is a table from 1024 px of viewport up (its columns fit beside the open sidebar
 * there), and a list of cards below.
 */
export const JOBS_TABLE_QUERY = '(min-width: 1024px)'

/** True where the jobs show as a table; without matchMedia (jsdom) the table is assumed. */
export function useJobsTableLayout(): boolean {
  return useMediaQuery(JOBS_TABLE_QUERY, true)
}
