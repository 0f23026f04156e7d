// The auth calls check each answer against its schema: an answer of another shape fails as
// 'invalid-answer' (what each screen shows then is in its own test).
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { readSession, saveSession } from '@/lib/session'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { completeSignup } from './complete-signup'
import { forgotPassword } from './forgot-password'
import { getSignupDetails } from './get-signup-details'
import { login } from './login'
import { logout } from './logout'
import { resetPassword } from './reset-password'
import { signupRequest } from './signup-request'

const api = setUpFakePortalApi()

const calls: [string, string, () => Promise<unknown>][] = [
  ['login', '/auth/login', () => login({ email: 'jo@example.com', password: 'Secret-123' })],
  ['signupRequest', '/auth/signup-request', () => signupRequest({ full_name: 'Jo Clerk', email: 'jo@example.com' })],
  ['completeSignup', '/auth/signup', () => completeSignup({ email: 'jo@example.com', full_name: 'Jo Clerk', password: 'Secret-123', signup_token: 't' })],
  ['forgotPassword', '/auth/forgot-password', () => forgotPassword({ email: 'jo@example.com' })],
  ['resetPassword', '/auth/reset-password', () => resetPassword({ token: 't', new_password: 'Secret-123' })],
  ['getSignupDetails', '/auth/get-signup-details', () => getSignupDetails('t')],
]

describe('the auth calls', () => {
  it.each(calls)('%s refuses an answer of another shape as invalid-answer', async (_, path, call) => {
    api.answer('POST', path, { status: 200, body: { detail: 'jo@example.com', message: 7, token: 7 } })
    const failure = await call().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })

  it('logout ends the session here even when the server’s answer is of another shape', async () => {
    saveSession('a.b.c', 'CLERK')
    api.answer('POST', '/auth/logout', { status: 200, body: [] })
    await logout()
    expect(readSession()).toBeNull()
    expect(api.seen('POST', '/auth/logout')).toHaveLength(1)
  })
})
