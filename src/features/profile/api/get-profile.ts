import { queryOptions, useQuery } from '@tanstack/react-query'
import { ProfileResponse } from '@contract/profile.ts'
import { apiRequest } from '@/lib/api-client'

export const profileKeys = { all: ['profile'] as const }

export function getProfile(): Promise<ProfileResponse> {
  return apiRequest('/profile', { schema: ProfileResponse })
}

export const getProfileQueryOptions = () => queryOptions({ queryKey: profileKeys.all, queryFn: getProfile })

export function useProfile() {
  return useQuery(getProfileQueryOptions())
}
