import { MessageResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

/**
 * Ends the session on the server (revoking the refresh cookie) and in this tab. The local session
 * ends even when the server cannot be reached: signing out must never fail on a shared tablet.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', schema: MessageResponse })
  } catch {
    // Offline, already signed out, or an answer of another shape: the refresh token expires on its own.
  } finally {
    clearSession()
  }
}
