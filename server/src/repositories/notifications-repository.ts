import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { notifications } from '../db/schema.ts'

/** The newest messages a clerk is shown; older ones stay in the database. */
export const NOTIFICATION_LIST_LIMIT = 50

export const notificationsRepository = {
  /** `jobId` names the job the message is about, so the portal can open it. */
  async add(db: Db, userId: string, message: string, jobId: number | null = null): Promise<void> {
    await db.insert(notifications).values({ userId, message, jobId })
  },

  async list(db: Db, userId: string) {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT)
  },

  /** Marks the clerk's own notifications among `ids` read, or all of them; others' ids are ignored. */
  async markRead(db: Db, userId: string, ids: number[] | 'all'): Promise<number> {
    if (ids !== 'all' && ids.length === 0) return 0
    const rows = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), ids === 'all' ? undefined : inArray(notifications.id, ids), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
    return rows.length
  },
}
