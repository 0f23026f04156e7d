// The rows an account erasure changes (server/src/tasks/account-erasure.ts decides when and removes
// the files): the user row is kept, anonymised, so that ledger rows pointing at it remain; the rows
// that hold the clerk's personal data go.
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { clerkTemplates, notifications, outboxMails, passwordResetTokens, sessions, signupRequests, users } from '../db/schema.ts'

export const accountErasureRepository = {
  /** The accounts whose deletion was requested at or before `requestedBefore`. */
  async dueForErasure(db: Db, requestedBefore: Date): Promise<string[]> {
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'deleting'), lte(users.deletionRequestedAt, requestedBefore)))
    return due.map(({ id }) => id)
  },

  /**
   * Anonymises the account and deletes its sessions, reset links, notifications, templates and e-mails, in one
   * transaction. False when the account is no longer being deleted: only the process whose update
   * lands erases it, so several processes may run the erasure at once.
   */
  async erase(db: Db, id: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id))
      const [user] = await tx
        .update(users)
        .set({
          status: 'deleted',
          email: `erased-${id}@erased.invalid`,
          fullName: 'Erased account',
          phoneNumber: '',
          companyName: '',
          address: '',
          passwordHash: '!',
          updatedAt: now,
        })
        .where(and(eq(users.id, id), eq(users.status, 'deleting')))
        .returning({ id: users.id })
      if (!user) return false
      await tx.delete(sessions).where(eq(sessions.userId, id))
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id))
      await tx.delete(notifications).where(eq(notifications.userId, id))
      // Templates (and later jobs) go with their rows; their files go in the task.
      await tx.delete(clerkTemplates).where(eq(clerkTemplates.userId, id))
      // The e-mails to the account (sent ones keep the address and subject, which may name a property);
      // one not sent yet is not sent at all.
      if (before) await tx.delete(outboxMails).where(sql`lower(${outboxMails.toAddress}) = lower(${before.email})`)
      return true
    })
  },

  /** Sign-up requests hold e-mail addresses too; expired ones have no use. */
  async deleteExpiredSignupRequests(db: Db, now: Date): Promise<void> {
    await db.delete(signupRequests).where(lte(signupRequests.expiresAt, now))
  },
}
