// Protected routes (portal-spec.md §2). A visitor without a token goes to /login. An expired token
// does not send anyone away by itself (docs/decisions/session-without-a-connection.md): offline, the clerk
// stays on the page with what is stored on the device; a page
// opened online with an expired token waits for one refresh through the refresh cookie, and only a
// refused refresh goes to /login. A page already open is renewed by the keep-alive
// (src/features/auth/use-session-keep-alive.ts) when the connection returns.
import { useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { refreshSession } from '@/lib/api-client'
import { clearSession, sessionStatus } from '@/lib/session'
import { usePrerenderPass } from '@/lib/use-prerender-pass'

// The prerendered My Jobs (docs/decisions/prerendered-my-jobs-shell.md) is the frame
// with nothing personal in it, rendered at build time without a session: that render, and the
// hydration of it, render the pages without looking at the session. The entry hydrates it only for
// a visitor with a session (src/app/prerendered-screen.ts); a signed-out visitor sees that shell
// until the scripts run, then this redirect.
export function RequireAuth() {
  const location = useLocation()
  const prerendering = usePrerenderPass()
  if (!prerendering && sessionStatus() === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return <RenewedSession />
}

type Renewal = 'not-needed' | 'renewing' | 'refused'

/** The signed-in pages, once an expired token met online has been renewed (or could not be, for want of an answer). */
function RenewedSession() {
  const location = useLocation()
  // Decided once, when the signed-in pages open: the connection coming and going later must not
  // unmount them (the keep-alive renews the token then).
  const [renewal, setRenewal] = useState<Renewal>(() => (sessionStatus() === 'expired' && navigator.onLine ? 'renewing' : 'not-needed'))

  useEffect(() => {
    if (renewal !== 'renewing') return
    let current = true
    void refreshSession().then((outcome) => {
      if (!current) return
      if (outcome === 'refused') clearSession()
      // Unreachable (a connection that reaches nothing): carry on as offline.
      setRenewal(outcome === 'refused' || outcome === 'signed-out' ? 'refused' : 'not-needed')
    })
    return () => {
      current = false
    }
  }, [renewal])

  const prerendering = usePrerenderPass()
  if (renewal === 'refused') return <Navigate to="/login" replace state={{ from: location.pathname }} />
  // Nothing is shown for the moment the refresh takes: the pages would only ask with an expired token.
  // A prerendered shell is hydrated first, then gives way (its pages' first requests, if any, wait
  // for this same refresh: the transport renews an expired token before sending it).
  if (renewal === 'renewing' && !prerendering) return null
  return <Outlet />
}
