import { useMutation } from '@tanstack/react-query'
import type { LoginBody, LoginResponse } from '@contract/auth.ts'
import { apiRequest } from '@/lib/api-client'

/** POST /auth/login. A wrong password answers 401 `detail: {error}`. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', json: body, auth: false })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
