// Leave protection for a screen with unsaved changes (portal-spec.md §2 Create Job "Leave
// protection", §8 "Unsaved changes"). While the screen is dirty:
// - a click on an in-app link (the sidebar, any <a href> of the app), the browser's Back and Forward
//   buttons, and the screen's own leaves (requestLeave) open "Leave this page?" with Stay and Leave
//   (leave-guard-host.tsx);
// - closing the tab, reloading or leaving the site gets the browser's own unload warning.
// Both are skipped once the inactivity timer has signed the person out (FORCED_LOGOUT_KEY), so a forced
// logout is never held up. Programmatic navigation (a sign-out, a 403, the screen's own navigate after
// a submit) is never intercepted: only the person's own ways of leaving are.
//
// The portal uses the declarative router (src/app/routes.tsx says why), which has no useBlocker, so
// the leaves are caught in the browser's events instead, before React Router's own handlers run. A
// link click is caught on window in the capture phase and stopped with preventDefault (React Router's
// Link does nothing with a prevented click), then replayed on Leave, so the link does exactly what it
// would have done. Back/Forward cannot be stopped, only undone: the history gate (history-gate.ts,
// whose listener comes before the router's) keeps the step from the router, the entry is stepped back
// to at once, and Leave takes the same step again for the router.
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { setPopStateGate } from './history-gate'
import { useConfirmLeave } from './leave-guard-host'
import { FORCED_LOGOUT_KEY } from './session'

export { LEAVE_TEXT, LeaveGuardHost } from './leave-guard-host'

/** Where the person was going when the dialog opened. */
type Leave =
  | { kind: 'path'; to: string; onLeave?: () => void }
  | { kind: 'link'; to: string; anchor: HTMLAnchorElement }
  /** A Back/Forward step of `delta` entries that was undone at once. */
  | { kind: 'history'; delta: number }

function forcedLogout(): boolean {
  return sessionStorage.getItem(FORCED_LOGOUT_KEY) !== null
}

/** The index React Router's BrowserRouter keeps in each history entry's state; undefined elsewhere. */
function entryIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx
  return typeof idx === 'number' ? idx : undefined
}

/** The link a click would follow out of this page, or null when the click does not leave it. */
function leavingLink(event: MouseEvent, here: { pathname: string; search: string }): { anchor: HTMLAnchorElement; to: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(anchor instanceof HTMLAnchorElement)) return null
  // A new tab or a download leaves this page as it is.
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  // A #fragment of this page (the skip link) loses nothing.
  if (anchor.getAttribute('href')?.startsWith('#')) return null
  const url = new URL(anchor.href, window.location.href)
  // Another site unloads the page: the browser's unload warning asks then.
  if (url.origin !== window.location.origin) return null
  // Nor does this same page's own link.
  if (url.pathname === here.pathname && url.search === here.search) return null
  return { anchor, to: `${url.pathname}${url.search}${url.hash}` }
}

export interface LeaveProtection {
  /**
   * Leaves for `to` at once when nothing is unsaved; otherwise asks first (e.g. Cancel Job).
   * `onLeave` runs just before leaving (not on Stay): e.g. Cancel Job drops the kept draft, as the
   * question says all progress will be lost.
   */
  requestLeave: (to: string, onLeave?: () => void) => void
  /**
   * Render it in the screen. Inside the app frame the dialog is the LeaveGuardHost's and this is
   * null; a screen rendered on its own (a component test) gets its own dialog here.
   */
  leaveDialog: ReactNode
}

/**
 * Asks before the person leaves a screen whose changes are not saved. Use it in the screen that owns
 * the unsaved state; `dirty` may change freely.
 */
export function useLeaveProtection(dirty: boolean): LeaveProtection {
  const navigate = useNavigate()
  const location = useLocation()
  const { confirm, dialog } = useConfirmLeave()
  /** Set once the person chose Leave: nothing more is asked on the way out. */
  const leaving = useRef(false)
  /** The undoing step of a Back/Forward is on its way: the router must not see it. */
  const undoing = useRef(false)
  /** Takes back a question still open when this screen goes away by other means. */
  const withdraw = useRef<(() => void) | null>(null)
  const here = useRef({ pathname: location.pathname, search: location.search, index: undefined as number | undefined })

  useLayoutEffect(() => {
    here.current = { pathname: location.pathname, search: location.search, index: entryIndex(window.history.state) }
    // Still here after a Leave (the way out kept this screen): protect again.
    leaving.current = false
  }, [location.pathname, location.search, location.key])

  const guarding = useCallback(() => dirty && !leaving.current && !forcedLogout(), [dirty])

  const ask = useCallback(
    (way: Leave) => {
      withdraw.current = confirm(() => {
        leaving.current = true
        if (way.kind === 'history') {
          // The step goes to the router now (leaving is set). If the undoing step has not arrived
          // yet, the router may see it too: it only names this same page.
          undoing.current = false
          window.history.go(-way.delta)
        } else if (way.kind === 'link' && way.anchor.isConnected) {
          // The link does what it would have done: its own navigation, state and replace included.
          way.anchor.click()
        } else {
          if (way.kind === 'path') way.onLeave?.()
          navigate(way.to)
        }
      })
    },
    [confirm, navigate],
  )

  useEffect(() => () => withdraw.current?.(), [])

  useEffect(() => {
    if (!dirty) return
    const onClick = (event: MouseEvent) => {
      if (!guarding()) return
      const link = leavingLink(event, here.current)
      if (!link) return
      event.preventDefault()
      ask({ kind: 'link', ...link })
    }
    const onPopState = (event: PopStateEvent) => {
      if (undoing.current) {
        undoing.current = false
        event.stopImmediatePropagation()
        return
      }
      if (!guarding()) return
      const { pathname, search, index } = here.current
      // A step between #fragments of this same page loses nothing.
      if (window.location.pathname === pathname && window.location.search === search) return
      const target = entryIndex(event.state)
      // Without the router's index (an entry it did not write) the likeliest step is one Back.
      const delta = index !== undefined && target !== undefined ? index - target : 1
      if (delta === 0) return
      event.stopImmediatePropagation()
      undoing.current = true
      window.history.go(delta)
      ask({ kind: 'history', delta })
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding()) return
      event.preventDefault()
      // Chrome and Edge before 119 show their warning only when returnValue is set (MDN).
      event.returnValue = true
    }
    window.addEventListener('click', onClick, true)
    const removeGate = setPopStateGate(onPopState)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      window.removeEventListener('click', onClick, true)
      removeGate()
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [dirty, guarding, ask])

  const requestLeave = useCallback(
    (to: string, onLeave?: () => void) => {
      if (guarding()) return ask({ kind: 'path', to, onLeave })
      onLeave?.()
      navigate(to)
    },
    [guarding, ask, navigate],
  )

  return { requestLeave, leaveDialog: dialog }
}
