import { useMutation } from '@tanstack/react-query'
import type { LoginBody, LoginResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /auth/login. A wrong password answers 401 `detail: {error}`; an answer without token, role or
 * message fails ('invalid-answer'). The answer's schema is loaded with the call, not with the page:
 * building it needs TypeBox's type builder (about 19 KB gzip), which the sign-in screen would
 * otherwise download and parse before it can paint (docs/decisions.md "Performance: the first paint").
 */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { LoginResponse } = await import('@contract/auth.ts')
  return apiRequest('/auth/login', { method: 'POST', json: body, auth: false, schema: LoginResponse })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
