// The credit balance as the whole portal refers to it: its query key, the one call every money move
// (a job submitted, a payment made, later ones too) makes once the server has answered, and how credits
// are written. Shared rather than in the credits feature because the features that show or move money
// may not import another feature.
import type { QueryClient } from '@tanstack/react-query'
import { profileKeys } from './profile-query'

export const creditKeys = {
  all: ['credits'] as const,
  /** The clerk's balance (features/credits/api/get-credit-balance.ts). */
  balance: ['credits', 'balance'] as const,
}

/** portal-spec.md §9: credits (a balance, a cost, a transaction) are shown with 2 decimals: "100.00", "12.35". */
export function formatCredits(credits: number): string {
  return credits.toFixed(2)
}

/** The window event a change of balance broadcasts (portal-spec.md §4: after a job is submitted). */
export const CREDITS_UPDATED_EVENT = 'credits-updated'

/**
 * After a money move: reads the balance again (every credits query is invalidated, the shown ones
 * refetched) and broadcasts 'credits-updated', as portal-spec.md §4 asks. Resolves once the balance
 * has been read (or failed to be: the balance shows that itself). The balance comes from the profile
 * (src/lib/profile-query.ts), which is read again first: a request for it made before the move is
 * cancelled rather than joined, and the balance joins the new one.
 */
export async function refreshCredits(queryClient: QueryClient): Promise<void> {
  const profile = queryClient.invalidateQueries({ queryKey: profileKeys.all })
  const reread = Promise.all([profile, queryClient.invalidateQueries({ queryKey: creditKeys.all })])
  window.dispatchEvent(new Event(CREDITS_UPDATED_EVENT))
  await reread
}
