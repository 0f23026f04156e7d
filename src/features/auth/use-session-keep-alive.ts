import { useEffect } from 'react'
import { refreshAccessToken } from '@/lib/api-client'
import { adoptTokensFromOtherTabs } from '@/lib/refresh-lock'
import { readSession } from '@/lib/session'

// Refresh this long before the access token expires. The route guard drops an expired token on the
// next navigation, so an active clerk's token must never reach its expiry; an idle one is signed out
// by the inactivity timer first (both last 15 minutes).
export const REFRESH_AHEAD_MS = 60_000
const RETRY_MS = 30_000

/** While signed-in pages are open, keeps the access token fresh through the refresh cookie. */
export function useSessionKeepAlive(): void {
  useEffect(() => {
    let timer: number | undefined
    let stopped = false

    const schedule = () => {
      window.clearTimeout(timer)
      const expiresAt = readSession()?.expiresAt
      if (stopped || expiresAt === null || expiresAt === undefined) return
      const wait = Math.max(0, expiresAt - REFRESH_AHEAD_MS - Date.now())
      timer = window.setTimeout(async () => {
        const refreshed = await refreshAccessToken()
        if (stopped) return
        // Offline for a moment: try again shortly, while the old token is still valid.
        if (refreshed) schedule()
        else {
          window.clearTimeout(timer)
          timer = window.setTimeout(schedule, RETRY_MS)
        }
      }, wait)
    }

    // A token another tab refreshed moves this tab's schedule too, so the tabs do not all refresh.
    const stopAdopting = adoptTokensFromOtherTabs(schedule)
    schedule()
    return () => {
      stopped = true
      window.clearTimeout(timer)
      stopAdopting()
    }
  }, [])
}
