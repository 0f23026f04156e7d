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

/** The token's exp claim in ms; null unless the token has 3 parts and a numeric exp. */
export function tokenExpiry(token: string): number | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const json = atob((parts[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))
    const payload = JSON.parse(json) as { exp?: unknown }
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp * 1000 : null
  } catch {
    return null
  }
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

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key)
}

/** True when a token is present and not expired; an expired token is removed on the way. */
export function isAuthenticated(now = Date.now()): boolean {
  const session = readSession()
  if (!session) return false
  if (session.expiresAt !== null && session.expiresAt <= now) {
    clearSession()
    return false
  }
  return true
}
