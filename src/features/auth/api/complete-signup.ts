import { useMutation } from '@tanstack/react-query'
import { MessageResponse, type SignupBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /auth/signup: completes sign-up with the token from the e-mailed link. Sign-up always makes a CLERK.
 * An answer without its message fails ('invalid-answer'); the screen reads that as not successful.
 */
export function completeSignup(body: SignupBody): Promise<MessageResponse> {
  return apiRequest('/auth/signup', { method: 'POST', json: { ...body, role: 'CLERK' }, auth: false, schema: MessageResponse })
}

export function useCompleteSignup() {
  return useMutation({ mutationFn: completeSignup })
}
