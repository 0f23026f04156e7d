// The password reset e-mail of POST /api/auth/forgot-password. The route only queues the request (a job
// on the work queue, written before it answers), the same for every e-mail, so its answer and its timing
// say nothing about whether an account exists. A worker in any process then looks the account up, stores
// the link's hash and writes the mail to the outbox in one transaction, and sends it. A process killed
// right after answering leaves the job in the database for another process: no reset e-mail is lost.
// A job run twice (its process died after the commit, the job expired and was retried) sends a second
// link; both work until one is used (reset-password uses them all up).
import type { FastifyInstance } from 'fastify'
import { queueMail } from '../email/outbox.ts'
import { passwordResetMail } from '../email/templates.ts'
import { passwordResetsRepository } from '../repositories/one-time-links-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { hashToken, randomToken } from './tokens.ts'

export const RESET_LINK_TTL_MS = 60 * 60_000

/** Queues the reset e-mail for `email`, whether or not an account has it. */
export async function queuePasswordResetMail(app: FastifyInstance, email: string): Promise<void> {
  await app.queue.enqueue('password-reset-mail', { email: wellFormed(email) })
}

/**
 * The job's payload is jsonb, which refuses a lone UTF-16 surrogate ("\ud800" in the request's JSON);
 * it becomes U+FFFD, as it does on its way into any text column, so the look-up finds what it would have.
 * (String.prototype.toWellFormed is ES2024, past this project's library.)
 */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')

/** Handles the queued reset e-mails in this process. */
export async function startPasswordResetMails(app: FastifyInstance): Promise<void> {
  const { db } = app.database
  await app.queue.work('password-reset-mail', async ({ email }) => {
    const user = await usersRepository.findByEmail(db, email)
    if (!user || user.status !== 'active') return
    const token = randomToken()
    const link = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
    await db.transaction(async (tx) => {
      await passwordResetsRepository.create(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS) })
      await queueMail(tx, passwordResetMail(user.email, user.fullName, link))
    })
    // Sent now; a failed send stays in the outbox for the next drain.
    await app.outbox.drain()
  })
}
