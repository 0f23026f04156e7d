// The signed-in session, kept in session storage so it ends with the tab (portal-spec.md §3, §9):
// exactly the access token, its expiry in ms (from the token's exp claim) and the role.
export const SESSION_KEYS = {
  token: 'auth_token',
  expiry: 'token_expiry',
  role: 'user_role',
} as const

/** Set when the inactivity timer signs the person out; the leave-page warnings skip themselves then. */
export const FORCED_LOGOUT_KEY = 'forced_logout'

export interface Session {
  token: string
  expiresAt: number | null
  role: string
}

/** The token's claims, or null unless it has 3 parts whose middle one is a JSON object. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const json = atob((parts[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))
    const payload = JSON.parse(json) as unknown
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The token's exp claim in ms; null unless the token has 3 parts and a numeric exp. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

/** The token's sub claim (the clerk), as text; null unless the token has 3 parts and a non-empty sub. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub
  if (typeof sub === 'number' && Number.isFinite(sub)) return String(sub)
  return typeof sub === 'string' && sub.trim() ? sub : null
}

/**
 * Announced on `window` when the session is ended on purpose: logout, the inactivity logout, account
 * deletion, or a 403 (each of them calls clearSession). Whatever keeps the clerk's data on this device
 * (the offline copy of the job list) listens and forgets it.
 */
export const SESSION_ENDED_EVENT = 'inspectscribe:session-ended'

/** Calls `listener` whenever the session is ended on purpose; returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  window.addEventListener(SESSION_ENDED_EVENT, listener)
  return () => window.removeEventListener(SESSION_ENDED_EVENT, listener)
}

export function saveSession(token: string, role: string): void {
  sessionStorage.setItem(SESSION_KEYS.token, token)
  sessionStorage.setItem(SESSION_KEYS.role, role)
  const expiry = tokenExpiry(token)
  if (expiry === null) sessionStorage.removeItem(SESSION_KEYS.expiry)
  else sessionStorage.setItem(SESSION_KEYS.expiry, String(expiry))
}

export function readSession(): Session | null {
  const token = sessionStorage.getItem(SESSION_KEYS.token)
  if (!token) return null
  const rawExpiry = sessionStorage.getItem(SESSION_KEYS.expiry)
  return {
    token,
    expiresAt: rawExpiry === null ? null : Number(rawExpiry),
    role: sessionStorage.getItem(SESSION_KEYS.role) ?? '',
  }
}

function removeSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key)
}

/** Ends the session on purpose (logout, inactivity, account deletion, 403) and announces it. */
export function clearSession(): void {
  removeSession()
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT))
}

/** True when a token is present and not expired; an expired token is removed on the way. */
export function isAuthenticated(now = Date.now()): boolean {
  const session = readSession()
  if (!session) return false
  if (session.expiresAt !== null && session.expiresAt <= now) {
    // Removed quietly, without SESSION_ENDED_EVENT. An expired token is not the clerk leaving: it is
    // what a tab left asleep past the token's life finds on waking, the same as a closed tab, which
    // leaves the clerk's offline job list in place for their next sign-in (it is kept per clerk).
    // This check also runs while routes render, where announcing would make listeners update other
    // components' state in the middle of a render.
    removeSession()
    return false
  }
  return true
}
