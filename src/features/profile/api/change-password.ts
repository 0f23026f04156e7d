import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordBody } from '@contract/profile.ts'
import { apiRequest } from '@/lib/api-client'

export interface ChangePasswordAnswer {
  message?: string
  success?: boolean
}

/** PUT /profile/change-password. Failures answer `detail: {error}` (portal-spec.md §7). */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return apiRequest<ChangePasswordAnswer>('/profile/change-password', { method: 'PUT', json: body })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
