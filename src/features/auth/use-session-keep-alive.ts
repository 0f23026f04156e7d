import { useEffect } from 'react'
import { refreshAccessToken } from '@/lib/api-client'
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
      const expiresAt = readSession()?.expiresAt
      if (stopped || expiresAt === null || expiresAt === undefined) return
      const wait = Math.max(0, expiresAt - REFRESH_AHEAD_MS - Date.now())
      timer = window.setTimeout(async () => {
        const refreshed = await refreshAccessToken()
        if (stopped) return
        // Offline for a moment: try again shortly, while the old token is still valid.
        if (refreshed) schedule()
        else timer = window.setTimeout(schedule, RETRY_MS)
      }, wait)
    }

    schedule()
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [])
}
