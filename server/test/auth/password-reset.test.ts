import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { outboxMails, passwordResetTokens } from '../../src/db/schema.ts'
import { createTestApp, signIn, signUpClerk, STRONG_PASSWORD, tokenOf, type TestApp } from '../support/test-app.ts'

const NEW_PASSWORD = 'Brand-New-Pass-2'

describe('password reset', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'forgetful@example.com', STRONG_PASSWORD, 'Frankie Forgetful')
  })
  afterAll(() => t.app.close())

  const forgot = (email: string, remoteAddress = '10.5.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress })
  /** The reset e-mail is sent after the answer: wait for it as a person waits for their inbox. */
  const forgotAndWaitForMail = async (email: string) => {
    const before = t.mail.sent.length
    await forgot(email)
    await expect.poll(() => t.mail.sent.length).toBe(before + 1)
    return tokenOf(t.mail.lastLinkTo(email))
  }
  const reset = (token: string, new_password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password } })

  it('answers known and unknown e-mails alike, and e-mails a link only to the known one', async () => {
    const before = t.mail.sent.length
    const known = await forgot('forgetful@example.com')
    const unknown = await forgot('stranger@example.com')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual({ message: 'If an account exists for this email, a reset link has been sent. Please check your email.', success: true })
    expect(unknown.json()).toEqual(known.json())
    await expect.poll(() => t.mail.sent.length).toBe(before + 1)
    const mail = t.mail.sent.at(-1)!
    expect(mail).toMatchObject({ to: 'forgetful@example.com', subject: 'Reset your InspectScribe password' })
    expect(mail.link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=[\w-]{43}$/)
  })

  it('holds the reset request in the database from the moment it answers, so a process that dies then loses no e-mail', async () => {
    // An account of its own: the reset budget of forgetful@ is counted by the tests below.
    const email = 'mindful@example.com'
    await signUpClerk(t, email, STRONG_PASSWORD, 'Morgan Mindful')
    const resetMailsInOutbox = async () => (await t.database.db.select().from(outboxMails).where(eq(outboxMails.toAddress, email))).filter((mail) => mail.subject === 'Reset your InspectScribe password').length
    const queuedRequests = async () => {
      const result = (await t.database.db.execute(sql`select count(*)::int as count from pgboss.job where name = 'password-reset-mail' and data->>'email' = ${email}`)) as unknown as { rows: { count: number }[] }
      return result.rows[0]!.count
    }
    const [mailsBefore, requestsBefore, sentBefore] = [await resetMailsInOutbox(), await queuedRequests(), t.mail.sent.length]
    // On PostgreSQL the accounts table is held locked while the request is answered, so whatever the
    // mail needs from the account cannot have happened yet when the answer comes (PGlite runs one
    // statement at a time: it cannot hold a lock against itself).
    const locker = t.database.connectionUrl ? new pg.Client({ connectionString: t.database.connectionUrl }) : null
    await locker?.connect()
    await locker?.query('begin; lock table users in access exclusive mode')
    let kept: number
    try {
      const answer = await forgot(email, '10.5.0.9')
      expect(answer.statusCode).toBe(200)
      // Read at once: what a process killed right after answering leaves behind. Either the request to
      // send the mail or the mail itself must be in the database already.
      kept = (await queuedRequests()) - requestsBefore + ((await resetMailsInOutbox()) - mailsBefore)
    } finally {
      await locker?.query('rollback')
      await locker?.end()
    }
    expect(kept).toBe(1)
    await expect.poll(() => t.mail.sent.length).toBe(sentBefore + 1)
  })

  it('sets the new password once, ends every session, and keeps the old password out', async () => {
    const tablet = await signIn(t, 'forgetful@example.com')
    const token = await forgotAndWaitForMail('forgetful@example.com')

    const response = await reset(token, NEW_PASSWORD)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Your password has been reset successfully.', success: true })

    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${tablet.token}` } })
    expect(profile.statusCode).toBe(403)
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { inspectscribe_refresh: tablet.refreshCookie } })
    expect(refresh.statusCode).toBe(403)

    const oldPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'forgetful@example.com', password: STRONG_PASSWORD } })
    expect(oldPassword.statusCode).toBe(401)
    await signIn(t, 'forgetful@example.com', NEW_PASSWORD)

    const again = await reset(token, 'Another-Pass-3')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'This reset link is invalid or has expired. Please request a new password reset link.', code: 'link_invalid' })
  })

  it('enforces the password rules', async () => {
    const token = await forgotAndWaitForMail('forgetful@example.com')
    const response = await reset(token, 'weakpass')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Password must contain at least one uppercase letter', code: 'password_rejected' })
  })

  it('refuses an expired link (1 hour)', async () => {
    // Its own account: forgetful@ has used its 3 reset e-mails of the hour above.
    await signUpClerk(t, 'late@example.com')
    const token = await forgotAndWaitForMail('late@example.com')
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) })
    const response = await reset(token, 'Expired-Link-4')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'This reset link is invalid or has expired. Please request a new password reset link.', code: 'link_invalid' })
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'late@example.com', password: 'Expired-Link-4' } })
    expect(login.statusCode).toBe(401)
  })

  it('stops e-mailing after 3 requests an hour for one e-mail, still with the same answer', async () => {
    await signUpClerk(t, 'flood@example.com')
    const before = t.mail.sent.length
    for (let i = 0; i < 5; i++) {
      const response = await forgot('flood@example.com', `10.6.0.${i}`)
      expect(response.statusCode).toBe(200)
      expect(response.json().message).toBe('If an account exists for this email, a reset link has been sent. Please check your email.')
    }
    await expect.poll(() => t.mail.sent.length).toBe(before + 3)
  })
})
