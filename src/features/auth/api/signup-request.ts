import { useMutation } from '@tanstack/react-query'
import type { MessageResponse, SignupRequestBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/signup-request: starts sign-up; the server e-mails a link to /signup/continue?token=… */
export function signupRequest(body: SignupRequestBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/signup-request', { method: 'POST', json: body, auth: false })
}

export function useSignupRequest() {
  return useMutation({ mutationFn: signupRequest })
}
