import { apiRequest } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

/**
 * Ends the session on the server (revoking the refresh cookie) and in this tab. The local session
 * ends even when the server cannot be reached: signing out must never fail on a shared tablet.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST' })
  } catch {
    // Offline or already signed out: the refresh token expires on its own.
  } finally {
    clearSession()
  }
}
