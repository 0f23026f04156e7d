import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type, type Static } from 'typebox'
import { SignupDetailsResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * The answer as the screen reads it: each field may be missing, since portal-spec.md §8 has words for
 * each missing one ("Email information missing from the server response."...); a field that is there
 * has the contract's type. Any other answer fails ('invalid-answer').
 */
export const SignupDetailsAnswer = Type.Object({ detail: Type.Optional(Type.Partial(SignupDetailsResponse.properties.detail)) })
export type SignupDetailsAnswer = Static<typeof SignupDetailsAnswer>

/** POST /auth/get-signup-details: the name and e-mail a sign-up link was issued for. */
export function getSignupDetails(signupToken: string, signal?: AbortSignal): Promise<SignupDetailsAnswer> {
  return apiRequest('/auth/get-signup-details', {
    method: 'POST',
    json: { signup_token: signupToken },
    auth: false,
    signal,
    schema: SignupDetailsAnswer,
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
