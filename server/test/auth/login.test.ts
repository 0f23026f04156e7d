import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { users } from '../../src/db/schema.ts'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { createTestApp, signUpClerk, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts'

describe('POST /api/auth/login', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const login = (email: string, password: string, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })

  it('signs the demo clerk in with a 15-minute token and an httpOnly, SameSite=Strict refresh cookie', async () => {
    const response = await login(DEMO_CLERK.email, DEMO_CLERK.password)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({ token: expect.any(String), role: 'CLERK', message: 'Login successful', success: true })
    expect(body.token.split('.')).toHaveLength(3)
    const claims = decodeJwt(body.token)
    expect(claims.exp! - claims.iat!).toBe(900)
    expect(claims.role).toBe('CLERK')

    const cookie = response.cookies.find((c) => c.name === 'inspectscribe_refresh')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 14 * 24 * 3600 })
  })

  it('accepts the e-mail in another case', async () => {
    expect((await login(DEMO_CLERK.email.toUpperCase(), DEMO_CLERK.password)).statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login(DEMO_CLERK.email, 'Wrong-password-1')
    const unknown = await login('nobody@example.com', 'Wrong-password-1')
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: { error: 'Invalid Credentials' }, code: 'invalid_credentials' })
    }
  })

  it('answers "Inactive account" for a deactivated account, even with the right password', async () => {
    await signUpClerk(t, 'deactivated@example.com')
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.email, 'deactivated@example.com'))
    const response = await login('deactivated@example.com', STRONG_PASSWORD)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ detail: { error: 'Inactive account' }, code: 'account_inactive' })
  })

  it('says an account being deleted can no longer sign in', async () => {
    await signUpClerk(t, 'leaving@example.com')
    await t.database.db.update(users).set({ status: 'deleting' }).where(eq(users.email, 'leaving@example.com'))
    const response = await login('leaving@example.com', STRONG_PASSWORD)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ detail: { error: 'This account is being deleted and can no longer sign in.' }, code: 'account_being_deleted' })
  })

  it('refuses an e-mail or password over 100 characters', async () => {
    const response = await login(`${'a'.repeat(95)}@example.com`, 'x')
    expect(response.statusCode).toBe(400)
  })

  it('stops after 5 failed attempts for one e-mail, even with the right password, then forgets them on success', async () => {
    await signUpClerk(t, 'guessed@example.com')
    for (let i = 0; i < 5; i++) expect((await login('guessed@example.com', 'Wrong-password-1', `10.2.0.${i}`)).statusCode).toBe(401)
    const blocked = await login('guessed@example.com', STRONG_PASSWORD, '10.2.0.99')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ detail: { error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' }, code: 'rate_limited' })
  })

  it('stops an address after 20 failed attempts across e-mails', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`guess${i}@example.com`, 'x', '10.3.0.1')).statusCode).toBe(401)
    const blocked = await login(DEMO_CLERK.email, DEMO_CLERK.password, '10.3.0.1')
    expect(blocked.statusCode).toBe(429)
    expect((await login(DEMO_CLERK.email, DEMO_CLERK.password, '10.3.0.2')).statusCode).toBe(200)
  })
})
