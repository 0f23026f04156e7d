// The transport's one refresh path and one 403 path: the token a call sends (refreshed first when it
// is about to expire) and what a 403 on a signed-in call does (portal-spec.md §4: any 403 ends the
// session and sends the person to sign in).
import { announceRefreshedToken, withRefreshLock } from '../refresh-lock'
import { clearSession, readSession, saveSession } from '../session'
import { apiUrl } from './api-url'

/** A token this close to expiry is refreshed before it is sent: it could expire on the way. */
export const EXPIRY_MARGIN_MS = 10_000

let refreshing: Promise<boolean> | null = null

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers in this tab share one
 * exchange, and the tabs of this browser take turns (refresh-lock.ts): rotation makes a second
 * exchange of the same cookie look like theft. Resolves false on failure.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const held = readSession()?.token
    try {
      return await withRefreshLock(async () => {
        const current = readSession()?.token
        // Signed out while waiting its turn: nothing to refresh.
        if (held && !current) return false
        // Another tab refreshed while this one waited its turn, and handed the new token over.
        if (current && current !== held) return true
        // Straight to fetch, not through the transport: a refresh must not itself wait for a refresh.
        const response = await fetch(apiUrl('/auth/refresh-token'), { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } })
        if (!response.ok) return false
        const { access } = (await response.json()) as { access?: string }
        if (!access) return false
        saveSession(access, readSession()?.role ?? 'CLERK')
        announceRefreshedToken(access)
        return true
      })
    } catch {
      return false
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

/** The token to send: refreshed first when it expires within the margin; the old one when the refresh fails (spec §4). */
export async function bearerToken(): Promise<string | undefined> {
  const session = readSession()
  if (!session) return undefined
  if (session.expiresAt !== null && session.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
    if (await refreshAccessToken()) return readSession()?.token
  }
  return session.token
}

type ForbiddenListener = () => void
const doNothing: ForbiddenListener = () => undefined
let onForbidden: ForbiddenListener = doNothing

/**
 * The app decides where a 403 sends the person (the router is not reachable from here). Returns a
 * function that removes this listener again, if it is still the one in place.
 */
export function setForbiddenHandler(listener: ForbiddenListener): () => void {
  onForbidden = listener
  return () => {
    if (onForbidden === listener) onForbidden = doNothing
  }
}

/** A 403 on a call made with the session: the session is over, for every kind of call. */
export function endSessionOnForbidden(): void {
  clearSession()
  onForbidden()
}
