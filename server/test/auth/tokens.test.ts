import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt } from 'jose'
import { createAccessTokens, resolveJwtSecret } from '../../src/auth/access-tokens.ts'
import { users } from '../../src/db/schema.ts'
import { createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('access tokens on a protected call (GET /api/profile)', () => {
  let t: TestApp
  let secret: string
  beforeAll(async () => {
    t = await createTestApp()
    secret = await resolveJwtSecret(t.database.db, undefined)
    await signUpClerk(t, 'tokens@example.com')
  })
  afterAll(() => t.app.close())

  const profile = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/profile', headers: token ? { authorization: `Bearer ${token}` } : {} })
  const expectForbidden = async (token?: string) => {
    const response = await profile(token)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ detail: 'Your session has ended. Please sign in again.', code: 'session_ended' })
  }

  it('answers a valid token with the clerk’s own profile, in both readings', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    const response = await profile(token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ full_name: 'Casey Clerk', fullname: 'Casey Clerk', email: 'tokens@example.com', emailid: 'tokens@example.com', credits: 0, is_low_credit: true })
  })

  it('answers 403 without a token, or with a malformed one', async () => {
    await expectForbidden()
    await expectForbidden('not.a.jwt')
    await expectForbidden('garbage')
  })

  it('answers 403 for a tampered token', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    const [header, , signature] = token.split('.')
    const claims = decodeJwt(token)
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp! + 3600 })).toString('base64url')
    await expectForbidden(`${header}.${forged}.${signature}`)
  })

  it('answers 403 for an unsigned token (alg: none)', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    const claims = decodeJwt(token)
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    await expectForbidden(`${header}.${payload}.`)
  })

  it('answers 403 for a token signed with another key', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    const claims = decodeJwt(token)
    const other = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(64)))
    await expectForbidden(other)
  })

  it('answers 403 for an expired token', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    const claims = decodeJwt(token)
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000)
    const expired = await createAccessTokens(secret, () => sixteenMinutesAgo).sign({ userId: claims.sub!, sessionId: claims.sid as string, role: 'CLERK' })
    await expectForbidden(expired)
  })

  it('answers 403 once the session is revoked by logout', async () => {
    const { token } = await signIn(t, 'tokens@example.com')
    expect((await profile(token)).statusCode).toBe(200)
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })
    await expectForbidden(token)
  })

  it('answers 403 once the account is deactivated', async () => {
    await signUpClerk(t, 'later-deactivated@example.com')
    const { token } = await signIn(t, 'later-deactivated@example.com')
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.email, 'later-deactivated@example.com'))
    await expectForbidden(token)
  })
})
