import { useMutation } from '@tanstack/react-query'
import { MessageResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /account/gdpr-delete (portal-spec.md §7, no body): the request is accepted, the account is
 * deleted within 10 days, and the server ends the session at once. An answer without its message
 * fails as 'invalid-answer'.
 */
export function deleteAccount(): Promise<MessageResponse> {
  return apiRequest('/account/gdpr-delete', { method: 'POST', schema: MessageResponse })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
