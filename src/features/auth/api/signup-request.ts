import { useMutation } from '@tanstack/react-query'
import { MessageResponse, type SignupRequestBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /auth/signup-request: starts sign-up; the server e-mails a link to /signup/continue?token=…
 * An answer without its message fails ('invalid-answer'); the screen reads that as not successful.
 */
export function signupRequest(body: SignupRequestBody): Promise<MessageResponse> {
  return apiRequest('/auth/signup-request', { method: 'POST', json: body, auth: false, schema: MessageResponse })
}

export function useSignupRequest() {
  return useMutation({ mutationFn: signupRequest })
}
