import { useMutation } from '@tanstack/react-query'
import { LoginResponse, type LoginBody } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/login. A wrong password answers 401 `detail: {error}`; an answer without token, role or message fails ('invalid-answer'). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', json: body, auth: false, schema: LoginResponse })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
