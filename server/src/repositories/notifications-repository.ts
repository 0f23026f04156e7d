import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { notifications } from '../db/schema.ts'

/** The newest messages a clerk is shown; older ones stay in the database. */
export const NOTIFICATION_LIST_LIMIT = 50

export const notificationsRepository = {
  async add(db: Db, userId: string, message: string): Promise<void> {
    await db.insert(notifications).values({ userId, message })
  },

  async list(db: Db, userId: string) {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT)
  },

  /** Marks the clerk's own notifications among `ids` read; others' ids are ignored. */
  async markRead(db: Db, userId: string, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0
    const rows = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
    return rows.length
  },
}
