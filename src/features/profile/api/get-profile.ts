import { useQuery } from '@tanstack/react-query'
import { useWaitingForList } from '@/lib/list-first'
import { getProfileQueryOptions } from '@/lib/profile-query'

export { getProfile, getProfileQueryOptions, profileKeys } from '@/lib/profile-query'

export function useProfile() {
  // On a load of My Jobs, asked for once the list is on screen (src/lib/list-first.ts).
  return useQuery({ ...getProfileQueryOptions(), enabled: !useWaitingForList() })
}
