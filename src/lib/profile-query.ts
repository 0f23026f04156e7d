// The clerk's profile as the whole portal asks for it (GET /profile): the profile menu and dialog show
// it, and the credit balance is read from it (its `credits`, the only answer that carries it). One query,
// so a load asks once whichever asks first (the header's balance and menu asked twice). Shared rather
// than in the profile feature because the credits feature reads it and features may not import another.
import { queryOptions } from '@tanstack/react-query'
import { ProfileResponse } from '@contract/profile.ts'
import { apiRequest } from './api-client'

export const profileKeys = { all: ['profile'] as const }

export function getProfile(): Promise<ProfileResponse> {
  return apiRequest('/profile', { schema: ProfileResponse })
}

export const getProfileQueryOptions = () => queryOptions({ queryKey: profileKeys.all, queryFn: getProfile })
