import { useMutation } from '@tanstack/react-query'
import { Type, type Static } from 'typebox'
import { MessageResponse, type ResetPasswordBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * The answer as the screen reads it: portal-spec.md §8 "success shows the message, else 'Your password has
 * been reset successfully.'", so a success without its message is still a success.
 */
export const ResetPasswordAnswer = Type.Partial(MessageResponse)
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswer>

/** POST /auth/reset-password with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return apiRequest('/auth/reset-password', { method: 'POST', json: body, auth: false, schema: ResetPasswordAnswer })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
