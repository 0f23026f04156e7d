// Resumable (tus) uploads: who owns each, whether it finished, whether calculate-cost has used it, and
// when an unfinished one expires (README, API notes: uploads that resume).
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { resumableUploads } from '../db/schema.ts'

export type ResumableUpload = typeof resumableUploads.$inferSelect

export const resumableUploadsRepository = {
  async create(db: Db, upload: { id: string; userId: string; fileName: string; sizeBytes: number; expiresAt: Date }): Promise<void> {
    await db.insert(resumableUploads).values(upload)
  },

  /** The clerk's own upload; another clerk's (or none) is null, so it answers 404 like a missing one. */
  async findOwned(db: Db, userId: string, id: string): Promise<ResumableUpload | null> {
    const [row] = await db
      .select()
      .from(resumableUploads)
      .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, userId)))
    return row ?? null
  },

  async findById(db: Db, id: string): Promise<ResumableUpload | null> {
    const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id))
    return row ?? null
  },

  /** Uploads the clerk has not yet used (finished or not): what counts towards their staged bytes. */
  async countUnused(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(resumableUploads)
      .where(and(eq(resumableUploads.userId, userId), isNull(resumableUploads.usedAt)))
    return Number(row?.count ?? 0)
  },

  /** Every byte arrived and the signature passed: it now lives as long as a priced folder would. */
  async markFinished(db: Db, id: string, finishedAt: Date, expiresAt: Date): Promise<void> {
    await db.update(resumableUploads).set({ finishedAt, expiresAt }).where(eq(resumableUploads.id, id))
  },

  /**
   * Marks the clerk's finished, unused uploads used (taken into an upload folder; their staged files go
   * next); answers how many it marked. One statement per id: of two requests naming one upload, the
   * second marks none of it.
   */
  async claimUnused(db: Db, userId: string, ids: string[], usedAt: Date): Promise<number> {
    let claimed = 0
    for (const id of ids) {
      const rows = await db
        .update(resumableUploads)
        .set({ usedAt })
        .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, userId), isNotNull(resumableUploads.finishedAt), isNull(resumableUploads.usedAt)))
        .returning({ id: resumableUploads.id })
      claimed += rows.length
    }
    return claimed
  },

  async remove(db: Db, id: string): Promise<void> {
    await db.delete(resumableUploads).where(eq(resumableUploads.id, id))
  },

  /** Uploads past their expiry, oldest first: unfinished ones (24 h), finished unused ones, used ones (row only). */
  async expired(db: Db, before: Date, limit: number): Promise<ResumableUpload[]> {
    return db.select().from(resumableUploads).where(lte(resumableUploads.expiresAt, before)).orderBy(asc(resumableUploads.expiresAt)).limit(limit)
  },
}
