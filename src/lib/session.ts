// The signed-in session, kept in session storage so it ends with the tab (portal-spec.md §3, §9):
// exactly the access token, its expiry in ms and the role. The expiry is on this device's clock: the
// token's lifetime as issued (exp − iat) added to the moment it arrived, because a tablet's clock may
// be minutes off the server's, and comparing the server's exp with it would end or refresh sessions
// at the wrong time (docs/decisions/session-without-a-connection.md).
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

/** How long the token was issued to live, in ms (exp − iat); null without both claims or when exp is not after iat. */
export function tokenLifetime(token: string): number | null {
  const claims = tokenClaims(token)
  const exp = claims?.exp
  const iat = claims?.iat
  if (typeof exp !== 'number' || typeof iat !== 'number' || !Number.isFinite(exp) || !Number.isFinite(iat) || exp <= iat) return null
  return (exp - iat) * 1000
}

/**
 * When the token expires on this device's clock: its lifetime counted from `receivedAt` (when it
 * arrived). A token without iat falls back to its exp as written (the server's clock).
 */
export function deviceExpiry(token: string, receivedAt: number): number | null {
  const lifetime = tokenLifetime(token)
  return lifetime === null ? tokenExpiry(token) : receivedAt + lifetime
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

/** Keeps a token that arrived at `receivedAt` (this device's clock; now, unless another tab received it). */
export function saveSession(token: string, role: string, receivedAt = Date.now()): void {
  sessionStorage.setItem(SESSION_KEYS.token, token)
  sessionStorage.setItem(SESSION_KEYS.role, role)
  const expiry = deviceExpiry(token, receivedAt)
  if (expiry === null) sessionStorage.removeItem(SESSION_KEYS.expiry)
  else sessionStorage.setItem(SESSION_KEYS.expiry, String(expiry))
}

export function readSession(): Session | null {
  // The build's prerender (src/app/prerender-screens.tsx) runs where there is no session storage.
  if (typeof sessionStorage === 'undefined') return null
  const token = sessionStorage.getItem(SESSION_KEYS.token)
  if (!token) return null
  const rawExpiry = sessionStorage.getItem(SESSION_KEYS.expiry)
  return {
    token,
    expiresAt: rawExpiry === null ? null : Number(rawExpiry),
    role: sessionStorage.getItem(SESSION_KEYS.role) ?? '',
  }
}

/**
 * When the clerk last did something (the inactivity timer writes it), so that a reload does not
 * restart the 15 minutes: with an expired token no longer ending the session while offline, this is
 * what still ends an idle one after a reload. Removed with the session.
 */
export const LAST_ACTIVITY_KEY = 'last_activity'

/** The last activity kept for this session, in ms; null when none was kept or the value is not a time. */
export function readLastActivity(): number | null {
  const raw = sessionStorage.getItem(LAST_ACTIVITY_KEY)
  const value = raw === null ? NaN : Number(raw)
  return Number.isFinite(value) ? value : null
}

/** Keeps the time of the last activity, only while a session is held (never after it ended). */
export function writeLastActivity(at: number): void {
  if (sessionStorage.getItem(SESSION_KEYS.token)) sessionStorage.setItem(LAST_ACTIVITY_KEY, String(at))
}

function removeSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key)
  sessionStorage.removeItem(LAST_ACTIVITY_KEY)
}

/** Ends the session on purpose (logout, inactivity, account deletion, 403) and announces it. */
export function clearSession(): void {
  removeSession()
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT))
}

/**
 * 'signed-out' without a token; 'expired' once its expiry has passed on this device's clock, which
 * does not end the session by itself: offline the clerk carries on with what is stored, and online
 * the refresh cookie renews it (src/components/require-auth.tsx). Only a refused refresh, a 403 or a
 * logout removes the token.
 */
export type SessionStatus = 'signed-out' | 'live' | 'expired'

export function sessionStatus(now = Date.now()): SessionStatus {
  const session = readSession()
  if (!session) return 'signed-out'
  return session.expiresAt !== null && session.expiresAt <= now ? 'expired' : 'live'
}

/** The signed-in clerk (the access token's subject), or null without a session or a subject. */
export function currentClerk(): string | null {
  const session = readSession()
  return session ? tokenSubject(session.token) : null
}
