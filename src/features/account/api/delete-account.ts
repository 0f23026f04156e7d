import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export interface DeleteAccountAnswer {
  message?: string
  success?: boolean
}

/**
 * POST /account/gdpr-delete (portal-spec.md §7, no body): the request is accepted, the account is
 * deleted within 10 days, and the server ends the session at once.
 */
export function deleteAccount(): Promise<DeleteAccountAnswer> {
  return apiRequest<DeleteAccountAnswer>('/account/gdpr-delete', { method: 'POST' })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
