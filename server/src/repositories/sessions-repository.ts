import { and, eq, inArray, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { refreshTokens, sessions, users } from '../db/schema.ts'

export const sessionsRepository = {
  async create(db: Db, userId: string): Promise<string> {
    const [session] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id })
    return session!.id
  },

  async addRefreshToken(db: Db, sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt })
  },

  /** The refresh token with its session and account, locked for the exchange. */
  async findRefreshToken(db: Db, tokenHash: string) {
    const [row] = await db
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        successorSealed: refreshTokens.successorSealed,
        sessionRevokedAt: sessions.revokedAt,
        userId: users.id,
        userStatus: users.status,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens })
    return row
  },

  /** Marks the token exchanged for the sealed successor; false when another request exchanged it first. */
  async markRotated(db: Db, refreshTokenId: string, rotatedAt: Date, successorSealed: string): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ rotatedAt, successorSealed })
      .where(and(eq(refreshTokens.id, refreshTokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id })
    return rows.length === 1
  },

  /**
   * Drops the sealed successors of the session's tokens, but for `keepTokenId`'s: once a token is
   * exchanged, every older token's successor has been exchanged too and can never be answered again.
   */
  async forgetSuccessors(db: Db, sessionId: string, keepTokenId?: string): Promise<void> {
    const others = keepTokenId ? ne(refreshTokens.id, keepTokenId) : undefined
    await forgetSuccessorsWhere(db, and(eq(refreshTokens.sessionId, sessionId), others))
  },

  /** Drops the sealed successors of tokens exchanged before `rotatedBefore` (past the grace window). */
  async forgetSuccessorsRotatedBefore(db: Db, rotatedBefore: Date): Promise<number> {
    return forgetSuccessorsWhere(db, lt(refreshTokens.rotatedAt, rotatedBefore))
  },

  /** Ends the session; its tokens' sealed successors go too, as nothing will be answered with them. */
  async revoke(db: Db, sessionId: string, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    await sessionsRepository.forgetSuccessors(db, sessionId)
  },

  async revokeAllForUser(db: Db, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    const open = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    for (const { id } of open) if (id !== exceptSessionId) await sessionsRepository.revoke(db, id, reason)
  },

  /** The account behind a live session, or undefined when the session was revoked. */
  async activeSessionUser(db: Db, sessionId: string, userId: string) {
    const [row] = await db
      .select({ status: users.status, revokedAt: sessions.revokedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(users.id, userId)))
    return row && row.revokedAt === null ? row : undefined
  },
}

/**
 * Clears successor_sealed where `condition` holds, passing over rows another transaction holds
 * (SKIP LOCKED): an exchange or a replay holding one may be waiting for a row this transaction holds,
 * and waiting for it in turn would deadlock. A row passed over is cleared by the next sweep.
 */
async function forgetSuccessorsWhere(db: Db, condition: SQL | undefined): Promise<number> {
  const free = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(isNotNull(refreshTokens.successorSealed), condition))
    .for('update', { skipLocked: true })
  const rows = await db.update(refreshTokens).set({ successorSealed: null }).where(inArray(refreshTokens.id, free)).returning({ id: refreshTokens.id })
  return rows.length
}
