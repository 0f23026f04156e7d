// What the log keeps of a failing request: enough to find the fault (the SQL with its placeholders,
// the database's error code and constraint), never the values: no e-mail, password, hash or token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { hashPassword } from '../../src/auth/passwords.ts'
import { users } from '../../src/db/schema.ts'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { MailCapture, openTestDatabase, testConfig, tokenOf } from '../support/test-app.ts'

const SECRET_EMAIL = 'private.person@example.com'
const SECRET_PASSWORD = 'Secret-Horse-Battery-9'

describe('the log of a failing database query', () => {
  let app: FastifyInstance
  const mail = new MailCapture()
  const logLines: string[] = []
  const log = () => logLines.join('')

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      database: await openTestDatabase(),
      mailer: mail,
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
      scheduledTasks: false,
    })
    // A query no request schema can stop: a second account with the demo clerk's e-mail breaks the
    // unique constraint, and the database's own message then quotes the e-mail.
    app.post('/test/duplicate-account', async () => {
      const passwordHash = await hashPassword(SECRET_PASSWORD)
      await app.database.db.insert(users).values({ email: DEMO_CLERK.email, fullName: 'Second Demo', passwordHash, role: 'CLERK' })
      return { created: true }
    })
  })
  afterAll(() => app.close())

  it('censors credentials in headers and bodies wherever they are logged', async () => {
    app.log.info({ headers: { authorization: 'Bearer eyJ.secret.jwt', cookie: 'inspectscribe_refresh=refresh-secret', accept: 'text/html' }, body: { password: SECRET_PASSWORD } }, 'seen')
    const entry = logLines.map((line) => JSON.parse(line)).find((logged) => logged.msg === 'seen')
    expect(entry).toMatchObject({ headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' }, body: '[redacted]' })
    expect(log()).not.toContain('eyJ.secret.jwt')
    expect(log()).not.toContain('refresh-secret')
  })

  it('logs the failure without the parameters, the hash or the database’s quoted values', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/duplicate-account' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.', code: 'server_error' })

    const failure = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed')
    expect(failure).toBeDefined()
    // What helps find the fault is kept.
    expect(failure.err.type).toBe('DrizzleQueryError')
    expect(failure.err.query).toMatch(/^insert into "users" .*values \(/)
    expect(failure.err.cause).toMatchObject({ code: '23505', constraint: expect.stringContaining('email') })
    // The values are not.
    expect(log()).not.toContain(DEMO_CLERK.email)
    expect(log()).not.toContain('$argon2id$')
    expect(log()).not.toContain('Second Demo')
    expect(failure.err).not.toHaveProperty('params')
  })

  it('an anonymous sign-up with a NUL byte in a field leaves no e-mail, password or hash in the log', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/signup-request', payload: { full_name: 'Private Person', email: SECRET_EMAIL } })
    const signupToken = tokenOf(mail.lastLinkTo(SECRET_EMAIL))
    logLines.length = 0
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: SECRET_EMAIL, full_name: 'Private Person', password: SECRET_PASSWORD, address: 'Flat 1\u0000', signup_token: signupToken },
    })
    expect(response.statusCode).not.toBe(200)
    expect(logLines.length).toBeGreaterThan(0)
    expect(log()).not.toContain(SECRET_EMAIL)
    expect(log()).not.toContain(SECRET_PASSWORD)
    expect(log()).not.toContain('$argon2id$')
    expect(log()).not.toContain(signupToken)
  })

  it('logs the addresses of requests without the tokens in their query strings', async () => {
    logLines.length = 0
    await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-RESET-1&lang=en' })
    await app.inject({ method: 'GET', url: '/signup/continue?token=SECRET-SIGNUP-2' })
    await app.inject({ method: 'GET', url: '/api/profile?token=SECRET-API-3&access_token=SECRET-API-4&code=SECRET-5&key=SECRET-6&signature=SECRET-7' })
    await app.inject({ method: 'GET', url: '/api/no-such-route?token=SECRET-UNKNOWN-8' })
    await app.inject({ method: 'POST', url: '/test/duplicate-account?Token=SECRET-ERROR-9' })
    await app.inject({ method: 'GET', url: '/reset-password?%74oken=SECRET-ENCODED-10' })

    expect(log()).not.toContain('SECRET')
    const urls = logLines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []))
    expect(urls).toContain('/reset-password?token=[redacted]&lang=en')
    expect(urls).toContain('/api/profile?token=[redacted]&access_token=[redacted]&code=[redacted]&key=[redacted]&signature=[redacted]')
  })
})
