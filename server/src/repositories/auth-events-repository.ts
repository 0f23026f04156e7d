import { and, count, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { authEvents } from '../db/schema.ts'

export type AuthEventKind = (typeof authEvents.$inferInsert)['kind']

export const authEventsRepository = {
  async countSince(db: Db, kind: AuthEventKind, key: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authEvents)
      .where(and(eq(authEvents.kind, kind), eq(authEvents.key, key), gte(authEvents.createdAt, since)))
    return row?.n ?? 0
  },

  async record(db: Db, kind: AuthEventKind, keys: string[]): Promise<void> {
    await db.insert(authEvents).values(keys.map((key) => ({ kind, key })))
  },

  async clear(db: Db, kind: AuthEventKind, key: string): Promise<void> {
    await db.delete(authEvents).where(and(eq(authEvents.kind, kind), eq(authEvents.key, key)))
  },

  /** Old events count for nothing; dropping them keeps the table small. */
  async deleteOlderThan(db: Db, before: Date): Promise<void> {
    await db.delete(authEvents).where(lt(authEvents.createdAt, before))
  },
}
