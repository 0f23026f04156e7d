import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { users } from '../db/schema.ts'

export type User = typeof users.$inferSelect

export const usersRepository = {
  async findByEmail(db: Db, email: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    return user
  },

  async findById(db: Db, id: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, id))
    return user
  },

  /** Undefined when an account with that e-mail (in any case) exists already. */
  async create(db: Db, values: typeof users.$inferInsert): Promise<User | undefined> {
    const [user] = await db.insert(users).values({ ...values, role: 'CLERK' }).onConflictDoNothing().returning()
    return user
  },

  async setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id))
  },

  /** The details a clerk may change (portal-spec.md §6: never the name or the e-mail). */
  async updateProfile(db: Db, id: string, changes: Partial<Pick<User, 'companyName' | 'phoneNumber' | 'address'>>): Promise<void> {
    await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, id))
  },

  /** The clerk asked for the account's deletion: it can no longer sign in, and the erasure task removes it later. */
  async markDeletionRequested(db: Db, id: string): Promise<void> {
    await db.update(users).set({ status: 'deleting', deletionRequestedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id))
  },

  /** Moves an account between active and deactivated; false when it is in neither (being deleted, deleted). */
  async setActive(db: Db, id: string, active: boolean): Promise<boolean> {
    const from = active ? 'deactivated' : 'active'
    const changed = await db
      .update(users)
      .set({ status: active ? 'active' : 'deactivated', updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.status, from)))
      .returning({ id: users.id })
    return changed.length > 0
  },
}
