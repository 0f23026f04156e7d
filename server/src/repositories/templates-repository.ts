import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { clerkTemplates } from '../db/schema.ts'

export type ClerkTemplate = typeof clerkTemplates.$inferSelect

export const templatesRepository = {
  async forClerk(db: Db, userId: string): Promise<ClerkTemplate | undefined> {
    const [row] = await db.select().from(clerkTemplates).where(eq(clerkTemplates.userId, userId))
    return row
  },

  /** Undefined when the clerk already has one (one template per clerk, enforced by a unique index). */
  async add(db: Db, values: { userId: string; templateName: string; fileKey: string; sizeBytes: number }): Promise<ClerkTemplate | undefined> {
    const [row] = await db.insert(clerkTemplates).values(values).onConflictDoNothing().returning()
    return row
  },

  /** Deletes the clerk's own template; undefined when there is none with that id for this clerk. */
  async remove(db: Db, userId: string, id: number): Promise<ClerkTemplate | undefined> {
    const [row] = await db.delete(clerkTemplates).where(and(eq(clerkTemplates.id, id), eq(clerkTemplates.userId, userId))).returning()
    return row
  },

  async byFileKey(db: Db, userId: string, fileKey: string): Promise<ClerkTemplate | undefined> {
    const [row] = await db.select().from(clerkTemplates).where(and(eq(clerkTemplates.fileKey, fileKey), eq(clerkTemplates.userId, userId)))
    return row
  },
}
