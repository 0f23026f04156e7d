import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SignupDetailsResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** The answer as it may arrive: the screen checks that both fields are really there (portal-spec.md §5). */
export type SignupDetailsAnswer = { detail?: Partial<SignupDetailsResponse['detail']> } | undefined

/** POST /auth/get-signup-details: the name and e-mail a sign-up link was issued for. */
export function getSignupDetails(signupToken: string, signal?: AbortSignal): Promise<SignupDetailsAnswer> {
  return apiRequest<SignupDetailsAnswer>('/auth/get-signup-details', {
    method: 'POST',
    json: { signup_token: signupToken },
    auth: false,
    signal,
  })
}

export function getSignupDetailsQueryOptions(signupToken: string) {
  return queryOptions({
    queryKey: ['auth', 'signup-details', signupToken],
    queryFn: ({ signal }) => getSignupDetails(signupToken, signal),
    // The details belong to one link and do not change while the page is open.
    staleTime: Infinity,
  })
}

/** Nothing is asked without a token. */
export function useSignupDetails(signupToken: string | null) {
  return useQuery({ ...getSignupDetailsQueryOptions(signupToken ?? ''), enabled: !!signupToken })
}
