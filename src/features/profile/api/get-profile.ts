import { useQuery } from '@tanstack/react-query'
import { getProfileQueryOptions } from '@/lib/profile-query'

export { getProfile, getProfileQueryOptions, profileKeys } from '@/lib/profile-query'

export function useProfile() {
  return useQuery(getProfileQueryOptions())
}
