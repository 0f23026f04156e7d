import { useMutation } from '@tanstack/react-query'
import type { ForgotPasswordBody, MessageResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/forgot-password: the same answer whether or not the e-mail has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', json: body, auth: false })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
