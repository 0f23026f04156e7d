import { useMutation } from '@tanstack/react-query'
import type { MessageResponse, ResetPasswordBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/reset-password with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', json: body, auth: false })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
