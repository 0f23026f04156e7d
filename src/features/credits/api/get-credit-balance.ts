// Total Credit (portal-spec.md §2): the clerk's balance, read from GET /profile (its `credits`), the only
// answer that carries it. A query of its own under creditKeys so that a money move refreshes it
// (refreshCredits in src/lib/credits.ts) without reloading the rest of the profile.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ProfileResponse } from '@contract/profile.ts'
import { apiRequest } from '@/lib/api-client'
import { creditKeys } from '@/lib/credits'

export async function getCreditBalance(signal?: AbortSignal): Promise<number> {
  // Checked: a balance that is not a number fails as 'invalid-answer' rather than being shown.
  const profile = await apiRequest('/profile', { signal, schema: ProfileResponse })
  return profile.credits
}

export const creditBalanceQueryOptions = () => queryOptions({ queryKey: creditKeys.balance, queryFn: ({ signal }) => getCreditBalance(signal) })

export function useCreditBalance() {
  return useQuery(creditBalanceQueryOptions())
}
