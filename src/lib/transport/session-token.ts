// The transport's one refresh path and one 403 path: the token a call sends (refreshed first when it
// is about to expire) and what a 403 on a signed-in call does (portal-spec.md §4: any 403 ends the
// session and sends the person to sign in).
import { announceRefreshedToken, withRefreshLock } from '../refresh-lock'
import { clearSession, readSession, saveSession } from '../session'
import { apiUrl } from './api-url'

/** A token this close to expiry is refreshed before it is sent: it could expire on the way. */
export const EXPIRY_MARGIN_MS = 10_000

/**
 * What a refresh came to: a new token; refused by the server (its 401/403: the session is over);
 * unreachable (no connection, a timeout, a 5xx or an answer without a token: try again later); or
 * signed-out (the session was ended while this refresh waited its turn).
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable' | 'signed-out'

let refreshing: Promise<RefreshOutcome> | null = null

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers in this tab share one
 * exchange, and the tabs of this browser take turns (refresh-lock.ts): rotation makes a second
 * exchange of the same cookie look like theft.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const held = readSession()?.token
    try {
      return await withRefreshLock(async (): Promise<RefreshOutcome> => {
        const current = readSession()?.token
        // Signed out while waiting its turn: nothing to refresh.
        if (held && !current) return 'signed-out'
        // Another tab refreshed while this one waited its turn, and handed the new token over.
        if (current && current !== held) return 'refreshed'
        // Straight to fetch, not through the transport: a refresh must not itself wait for a refresh.
        const response = await fetch(apiUrl('/auth/refresh-token'), { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } })
        if (response.status === 401 || response.status === 403) return 'refused'
        if (!response.ok) return 'unreachable'
        const { access } = (await response.json()) as { access?: string }
        if (!access) return 'unreachable'
        // The moment it arrived: its expiry is counted from here on this device's clock.
        const receivedAt = Date.now()
        saveSession(access, readSession()?.role ?? 'CLERK', receivedAt)
        announceRefreshedToken(access, receivedAt)
        return 'refreshed'
      })
    } catch {
      return 'unreachable'
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

/** refreshSession, as true when a new token came. */
export async function refreshAccessToken(): Promise<boolean> {
  return (await refreshSession()) === 'refreshed'
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
