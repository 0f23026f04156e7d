import { useMutation } from '@tanstack/react-query'
import type { MessageResponse, SignupBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/signup: completes sign-up with the token from the e-mailed link. Sign-up always makes a CLERK. */
export function completeSignup(body: SignupBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/signup', { method: 'POST', json: { ...body, role: 'CLERK' }, auth: false })
}

export function useCompleteSignup() {
  return useMutation({ mutationFn: completeSignup })
}
