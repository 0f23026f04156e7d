import { useCallback, useState } from 'react'
import type { LoginBody, LoginResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /auth/login. A wrong password answers 401 `detail: {error}`; an answer without token, role or
 * message fails ('invalid-answer'). The answer's schema is loaded with the call, not with the page:
 * building it needs TypeBox's type builder (about 19 KB gzip), which the sign-in screen would
 * otherwise download and parse before it can paint (docs/decisions/first-paint-budgets-and-bench.md).
 */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { LoginResponse } = await import('@contract/auth.ts')
  return apiRequest('/auth/login', { method: 'POST', json: body, auth: false, schema: LoginResponse })
}

/**
 * Sign In's call and whether it is under way. Not a TanStack Query mutation: /login is the first
 * screen and loads no query library at all (docs/decisions/sign-in-page-javascript.md). The call has
 * nothing a mutation adds here: no cache, no retry (a mutation's default
 * is none), no other component reading its state; the form needs only the pending flag.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false)
  const send = useCallback(async (body: LoginBody): Promise<LoginResponse> => {
    setPending(true)
    try {
      return await login(body)
    } finally {
      setPending(false)
    }
  }, [])
  return { isPending, send }
}
