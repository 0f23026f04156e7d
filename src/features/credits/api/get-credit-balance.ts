// Total Credit (portal-spec.md §2): the clerk's balance, read from the profile (its `credits`, the only
// answer that carries it). A query of its own under creditKeys so that a money move refreshes it
// (refreshCredits in src/lib/credits.ts); its answer comes from the profile query, so the balance and the
// profile menu share one GET /profile (src/lib/profile-query.ts).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { creditKeys } from '@/lib/credits'
import { useWaitingForList } from '@/lib/list-first'
import { getProfileQueryOptions } from '@/lib/profile-query'

export async function getCreditBalance(client: QueryClient): Promise<number> {
  // Always read again (stale at once), joining a request for the profile already under way. Checked
  // there: a balance that is not a number fails as 'invalid-answer' rather than being shown.
  const profile = await client.fetchQuery({ ...getProfileQueryOptions(), staleTime: 0 })
  return profile.credits
}

export const creditBalanceQueryOptions = () => queryOptions({ queryKey: creditKeys.balance, queryFn: ({ client }) => getCreditBalance(client) })

export function useCreditBalance() {
  // On a load of My Jobs, asked for once the list is on screen (src/lib/list-first.ts).
  return useQuery({ ...creditBalanceQueryOptions(), enabled: !useWaitingForList() })
}
