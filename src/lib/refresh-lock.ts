// Token refreshes across the clerk's tabs. Every tab sends the same refresh cookie, and the server
// rotates it on each use, so two tabs refreshing together would present one cookie twice. Here the
// tabs of this browser take turns (a Web Lock), and the tab that refreshed hands its new access token
// to the others (a BroadcastChannel), so a tab that waited its turn usually need not refresh at all.
// Where Web Locks are missing (an insecure http:// address other than localhost) tabs refresh on
// their own; the server answers a cookie presented twice within seconds with the same successor.
import { deviceExpiry, readSession, saveSession, tokenSubject } from './session'

export const REFRESH_LOCK_NAME = 'inspectscribe-token-refresh'
export const REFRESH_CHANNEL_NAME = 'inspectscribe-session'

interface RefreshedToken {
  type: 'token-refreshed'
  token: string
  /** When the refreshing tab received it, on this device's clock, which every tab shares. */
  receivedAt?: number
}

/** Runs `refresh` while no other tab of this browser runs one; at once where Web Locks are missing. */
export function withRefreshLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: LockManager }).locks
  return locks ? (locks.request(REFRESH_LOCK_NAME, refresh) as Promise<T>) : refresh()
}

const channelAvailable = () => typeof BroadcastChannel === 'function'

/** Hands a freshly refreshed access token to the clerk's other tabs. */
export function announceRefreshedToken(token: string, receivedAt: number): void {
  if (!channelAvailable()) return
  const channel = new BroadcastChannel(REFRESH_CHANNEL_NAME)
  channel.postMessage({ type: 'token-refreshed', token, receivedAt } satisfies RefreshedToken)
  channel.close()
}

/**
 * Takes an access token another tab refreshed at `receivedAt` (now when not told): only while this
 * tab is signed in, only the same clerk's, and only one that lasts longer than the one held. Both
 * expiries are on this device's clock. True when it was taken.
 */
export function adoptRefreshedToken(token: string, receivedAt = Date.now()): boolean {
  const session = readSession()
  const subject = tokenSubject(token)
  if (!session || subject === null || subject !== tokenSubject(session.token)) return false
  if ((deviceExpiry(token, receivedAt) ?? 0) <= (session.expiresAt ?? 0)) return false
  saveSession(token, session.role, receivedAt)
  return true
}

/** Until the returned function is called, adopts the tokens other tabs hand over; then runs `onAdopted`. */
export function adoptTokensFromOtherTabs(onAdopted: () => void = () => undefined): () => void {
  if (!channelAvailable()) return () => undefined
  const channel = new BroadcastChannel(REFRESH_CHANNEL_NAME)
  channel.onmessage = (event: MessageEvent<Partial<RefreshedToken> | null>) => {
    const { type, token, receivedAt } = event.data ?? {}
    const received = typeof receivedAt === 'number' && Number.isFinite(receivedAt) ? receivedAt : Date.now()
    if (type === 'token-refreshed' && typeof token === 'string' && adoptRefreshedToken(token, received)) onAdopted()
  }
  return () => channel.close()
}
