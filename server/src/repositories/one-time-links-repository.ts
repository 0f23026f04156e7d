// Sign-up and password-reset links: stored as token hashes, expiring, usable once.
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { passwordResetTokens, signupRequests } from '../db/schema.ts'

export const signupRequestsRepository = {
  async create(db: Db, values: { email: string; fullName: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db.insert(signupRequests).values(values)
  },

  /** The request behind a link that is unused and unexpired. */
  async findUsable(db: Db, tokenHash: string, now = new Date()) {
    const [row] = await db
      .select()
      .from(signupRequests)
      .where(and(eq(signupRequests.tokenHash, tokenHash), isNull(signupRequests.usedAt), gt(signupRequests.expiresAt, now)))
    return row
  },

  /** False when the link was used in the meantime. */
  async markUsed(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(signupRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(signupRequests.id, id), isNull(signupRequests.usedAt)))
      .returning({ id: signupRequests.id })
    return rows.length === 1
  },
}

export const passwordResetsRepository = {
  async create(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db.insert(passwordResetTokens).values(values)
  },

  async findUsable(db: Db, tokenHash: string, now = new Date()) {
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    return row
  },

  /** Uses up every outstanding reset link of the account (the one just used, and any older one). */
  async useAllForUser(db: Db, userId: string): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
  },
}
