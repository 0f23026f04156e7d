import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signupRequests, users } from '../../src/db/schema.ts'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { createTestApp, STRONG_PASSWORD, tokenOf, type TestApp } from '../support/test-app.ts'

describe('sign-up by e-mailed link', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const request = (payload: object, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup-request', payload, remoteAddress })
  const details = (signup_token: string) => t.app.inject({ method: 'POST', url: '/api/auth/get-signup-details', payload: { signup_token } })
  const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload })

  it('records the request and e-mails a single-use link to complete the profile', async () => {
    const response = await request({ full_name: 'Robin Inventory', email: 'robin@example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Signup successful. Check your email for verification.', success: true })

    const mail = t.mail.sent.at(-1)!
    expect(mail.to).toBe('robin@example.com')
    expect(mail.subject).toBe('Complete your InspectScribe sign-up')
    expect(mail.link).toMatch(/^http:\/\/localhost:8080\/signup\/continue\?token=[\w-]{43}$/)
    expect(mail.text).toContain(mail.link)
    expect(mail.text).toContain('Hello Robin Inventory,')
  })

  it('reads the name and e-mail back through the link’s token', async () => {
    await request({ full_name: 'Sam Details', email: 'sam@example.com' })
    const response = await details(tokenOf(t.mail.lastLinkTo('sam@example.com')))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: { email: 'sam@example.com', full_name: 'Sam Details' } })
  })

  it('refuses an unknown token', async () => {
    const response = await details('not-a-real-token')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'This sign-up link is invalid or has expired. Please sign up again.', code: 'link_invalid' })
  })

  it('creates a CLERK whatever role the payload asks for, from the link’s name and e-mail, once', async () => {
    await request({ full_name: 'Alex Admin', email: 'alex@example.com' })
    const token = tokenOf(t.mail.lastLinkTo('alex@example.com'))
    const payload = {
      email: 'alex@example.com',
      role: 'ADMIN',
      full_name: 'Someone Else',
      password: STRONG_PASSWORD,
      phone_number: '07700 900123',
      company_name: 'Alex Inventories',
      address: '1 High Street, York',
      signup_token: token,
    }
    const response = await complete(payload)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, message: 'Account created successfully' })

    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'alex@example.com'))
    expect(account).toMatchObject({ role: 'CLERK', fullName: 'Alex Admin', phoneNumber: '07700 900123', companyName: 'Alex Inventories', address: '1 High Street, York', status: 'active' })

    const again = await complete(payload)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'This sign-up link is invalid or has expired. Please sign up again.', code: 'link_invalid' })
    expect((await details(token)).statusCode).toBe(400)
  })

  it('enforces the password rules in the spec’s order', async () => {
    await request({ full_name: 'Pat Weak', email: 'pat@example.com' })
    const signup_token = tokenOf(t.mail.lastLinkTo('pat@example.com'))
    const attempt = async (password: string) => (await complete({ email: 'pat@example.com', full_name: 'Pat', password, signup_token })).json().detail
    expect(await attempt('Sh0rt!')).toBe('Password must be at least 8 characters long')
    expect(await attempt('lowercase-1')).toBe('Password must contain at least one uppercase letter')
    expect(await attempt('UPPERCASE-1')).toBe('Password must contain at least one lowercase letter')
    expect(await attempt('NoNumbers-here')).toBe('Password must contain at least one number')
    expect(await attempt('NoSpecial123')).toBe('Password must contain at least one special character')
  })

  it('refuses a link used for another e-mail address', async () => {
    await request({ full_name: 'Lee Link', email: 'lee@example.com' })
    const signup_token = tokenOf(t.mail.lastLinkTo('lee@example.com'))
    const response = await complete({ email: 'mallory@example.com', full_name: 'Lee', password: STRONG_PASSWORD, signup_token })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'This sign-up link was sent to a different email address.', code: 'invalid_input' })
  })

  it('refuses an expired link (24 hours)', async () => {
    await request({ full_name: 'Old Link', email: 'old@example.com' })
    const signup_token = tokenOf(t.mail.lastLinkTo('old@example.com'))
    await t.database.db.update(signupRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signupRequests.email, 'old@example.com'))
    expect((await details(signup_token)).statusCode).toBe(400)
    expect((await complete({ email: 'old@example.com', full_name: 'Old', password: STRONG_PASSWORD, signup_token })).statusCode).toBe(400)
  })

  it('answers 409 for an e-mail already registered, in any case', async () => {
    const response = await request({ full_name: 'Copy Cat', email: DEMO_CLERK.email.toUpperCase() })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Email ID already exists. Please use a different email or try logging in.', code: 'email_taken' })
  })

  it('answers 409 when the e-mail was registered through another link in the meantime', async () => {
    await request({ full_name: 'Twin One', email: 'twin@example.com' })
    const first = tokenOf(t.mail.lastLinkTo('twin@example.com'))
    await request({ full_name: 'Twin Two', email: 'twin@example.com' })
    const second = tokenOf(t.mail.lastLinkTo('twin@example.com'))
    expect((await complete({ email: 'twin@example.com', full_name: 'x', password: STRONG_PASSWORD, signup_token: first })).statusCode).toBe(200)
    const response = await complete({ email: 'twin@example.com', full_name: 'x', password: STRONG_PASSWORD, signup_token: second })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Email ID already exists. Please use a different email or try logging in.', code: 'email_taken' })
  })

  it('asks for both fields and a real e-mail address', async () => {
    expect((await request({ full_name: '  ', email: 'x@example.com' })).json()).toEqual({ detail: 'Please enter your full name and email', code: 'invalid_input' })
    expect((await request({ full_name: 'X', email: 'not-an-email' })).json()).toEqual({ detail: 'Please enter a valid email address', code: 'invalid_input' })
    const tooLong = await request({ full_name: 'X'.repeat(101), email: 'x@example.com' })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toEqual({ detail: 'body/full_name must NOT have more than 100 characters', code: 'invalid_input' })
  })

  it('limits sign-up requests per e-mail to 3 an hour', async () => {
    for (let i = 0; i < 3; i++) expect((await request({ full_name: 'Spam', email: 'spam@example.com' }, '10.0.0.9')).statusCode).toBe(200)
    const fourth = await request({ full_name: 'Spam', email: 'spam@example.com' }, '10.0.0.9')
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toEqual({ detail: 'Too many sign-up requests. Please wait an hour and try again.', code: 'rate_limited' })
  })
})
