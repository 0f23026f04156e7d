import { useMutation } from '@tanstack/react-query'
import { MessageResponse } from '@contract/auth.ts'
import type { ChangePasswordBody } from '@contract/profile.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * PUT /profile/change-password. Failures answer `detail: {error}` (portal-spec.md §7); an answer
 * without its message fails as 'invalid-answer'.
 */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiRequest('/profile/change-password', { method: 'PUT', json: body, schema: MessageResponse })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
