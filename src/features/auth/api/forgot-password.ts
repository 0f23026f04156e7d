import { useMutation } from '@tanstack/react-query'
import { MessageResponse, type ForgotPasswordBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/forgot-password: the same answer whether or not the e-mail has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest('/auth/forgot-password', { method: 'POST', json: body, auth: false, schema: MessageResponse })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
