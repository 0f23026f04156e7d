import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MessageResponse } from '@contract/auth.ts'
import type { ProfileResponse, ProfileUpdateBody } from '@contract/profile.ts'
import { apiRequest } from '@/lib/api-client'
import { EMPLOYEE_CODE_PLACEHOLDER } from '../messages'
import { profileKeys } from './get-profile'

/** What the clerk may change (portal-spec.md §6); the name is sent back unchanged. */
export interface ProfileChanges {
  full_name: string
  company_name: string
  phone_number: string
  address: string
}

/**
 * PUT /profile/update in the snake_case reading of portal-spec.md §3, always with the placeholder
 * employee code. An answer without its message fails as 'invalid-answer'.
 */
export function updateProfile(changes: ProfileChanges): Promise<MessageResponse> {
  const body: ProfileUpdateBody = {
    full_name: changes.full_name,
    phone_number: changes.phone_number,
    address: changes.address,
    company_name: changes.company_name,
    employee_code: EMPLOYEE_CODE_PLACEHOLDER,
  }
  return apiRequest('/profile/update', { method: 'PUT', json: body, schema: MessageResponse })
}

/**
 * Updates the profile, keeps what was sent in the cached profile (both readings), then reloads it so
 * the dialog and the shell show what the server kept.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_, changes) => {
      queryClient.setQueryData<ProfileResponse>(profileKeys.all, (profile) =>
        profile && {
          ...profile,
          ...changes,
          fullname: changes.full_name,
          companyname: changes.company_name,
          phonenumber: changes.phone_number,
        },
      )
      return queryClient.invalidateQueries({ queryKey: profileKeys.all })
    },
  })
}
