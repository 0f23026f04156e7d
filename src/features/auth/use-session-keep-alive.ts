import { useEffect } from 'react'
import { endSessionOnForbidden, refreshSession } from '@/lib/api-client'
import { adoptTokensFromOtherTabs } from '@/lib/refresh-lock'
import { readSession } from '@/lib/session'

// Refresh this long before the access token expires, so an active clerk's calls never wait for a
// refresh; an idle one is signed out by the inactivity timer first (both last 15 minutes). The
// expiry is on this device's clock (src/lib/session.ts), so a clock minutes off the server's
// changes nothing here.
export const REFRESH_AHEAD_MS = 60_000
const RETRY_MS = 30_000

/**
 * While signed-in pages are open, keeps the access token fresh through the refresh cookie. Offline
 * it waits for the connection (an expired token does not end the session then) and refreshes as soon
 * as it returns; a refresh the server refuses ends the session (the 403 path: /login).
 */
export function useSessionKeepAlive(): void {
  useEffect(() => {
    let timer: number | undefined
    let stopped = false

    const refresh = async () => {
      // No connection: nothing to send; the 'online' event brings this back.
      if (!navigator.onLine) return
      const outcome = await refreshSession()
      if (stopped) return
      if (outcome === 'refreshed') schedule()
      else if (outcome === 'refused') endSessionOnForbidden()
      else if (outcome === 'unreachable') {
        // No answer for a moment: try again shortly (the old token may still be valid).
        window.clearTimeout(timer)
        timer = window.setTimeout(schedule, RETRY_MS)
      }
    }

    function schedule() {
      window.clearTimeout(timer)
      const expiresAt = readSession()?.expiresAt
      if (stopped || expiresAt === null || expiresAt === undefined) return
      const wait = Math.max(0, expiresAt - REFRESH_AHEAD_MS - Date.now())
      timer = window.setTimeout(() => void refresh(), wait)
    }

    // A token another tab refreshed moves this tab's schedule too, so the tabs do not all refresh.
    const stopAdopting = adoptTokensFromOtherTabs(schedule)
    // The connection is back: a token that fell due meanwhile is refreshed now.
    window.addEventListener('online', schedule)
    schedule()
    return () => {
      stopped = true
      window.clearTimeout(timer)
      stopAdopting()
      window.removeEventListener('online', schedule)
    }
  }, [])
}
