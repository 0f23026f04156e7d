// Forgot-password must not tell, by how long it takes, whether an address has an account: the answer
// goes before any e-mail work starts, and a failed send is still logged (without the link).
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import type { Mailer, OutgoingMail } from '../../src/email/mailer.ts'
import { openTestDatabase, testConfig } from '../support/test-app.ts'

const SENT_ANSWER = { message: 'If an account exists for this email, a reset link has been sent. Please check your email.', success: true }

/** A mailer whose sends stay pending until the test releases them, or fail when told to. */
class HeldMailer implements Mailer {
  readonly pending: { mail: OutgoingMail; release(): void }[] = []
  readonly sent: OutgoingMail[] = []
  failWith: Error | undefined
  send(mail: OutgoingMail): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith)
    return new Promise((resolve) => {
      this.pending.push({ mail, release: () => (this.sent.push(mail), resolve()) })
    })
  }
  close() {}
}

describe('POST /api/auth/forgot-password answers before e-mailing', () => {
  let app: FastifyInstance | undefined
  const mailer = new HeldMailer()
  const logLines: string[] = []
  afterEach(async () => {
    for (const held of mailer.pending) held.release()
    await app?.close()
  })

  const start = async () => {
    app = await buildApp({
      config: testConfig(),
      database: await openTestDatabase(),
      mailer,
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
      scheduledTasks: false,
    })
    return app
  }
  const forgot = (email: string) => app!.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '10.7.0.1' })

  it('answers a known address while its e-mail is still being sent, then sends it', async () => {
    await start()
    let answered = false
    const answer = forgot(DEMO_CLERK.email).then((response) => ((answered = true), response))
    // The e-mail send has begun and is held: the answer must not wait for it.
    await expect.poll(() => mailer.pending.length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => answered, { timeout: 15_000 }).toBe(true)
    expect(mailer.sent).toEqual([])
    const response = await answer
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(SENT_ANSWER)

    mailer.pending[0]!.release()
    expect(mailer.sent).toHaveLength(1)
    expect(mailer.sent[0]).toMatchObject({ to: DEMO_CLERK.email, subject: 'Reset your InspectScribe password' })
  })

  it('logs a failed send, without the link or its token, and keeps the mail in the outbox', async () => {
    await start()
    mailer.failWith = new Error('connect ECONNREFUSED 127.0.0.1:587')
    const response = await forgot(DEMO_CLERK.email)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(SENT_ANSWER)
    await expect.poll(() => logLines.find((line) => line.includes('could not send an e-mail; it stays in the outbox')), { timeout: 15_000 }).toBeDefined()
    const logged = JSON.parse(logLines.find((line) => line.includes('could not send an e-mail; it stays in the outbox'))!)
    expect(logged).toMatchObject({ level: 50, err: { message: 'connect ECONNREFUSED 127.0.0.1:587' } })
    expect(logLines.join('')).not.toContain('reset-password?token=')
  })
})
