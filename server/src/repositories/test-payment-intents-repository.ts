// The test-mode provider's store (decisions.md, Payments): what Stripe's servers would hold of an
// intent. Only server/src/payments/ uses it.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { testPaymentIntents } from '../db/schema.ts'

export type TestPaymentIntentRow = typeof testPaymentIntents.$inferSelect

export const testPaymentIntentsRepository = {
  /**
   * The intent for `idempotencyKey`: the one just inserted, or the one an earlier call with the same
   * key made (ON CONFLICT DO NOTHING, then a read; two calls at once get the same row).
   */
  async createOnce(db: Db, intent: typeof testPaymentIntents.$inferInsert): Promise<TestPaymentIntentRow> {
    await db.insert(testPaymentIntents).values(intent).onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, intent.idempotencyKey))
    if (!row) throw new Error('the test payment intent was neither inserted nor found')
    return row
  },

  async findByClientSecret(db: Db, clientSecret: string): Promise<TestPaymentIntentRow | undefined> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret))
    return row
  },

  /** Marks an unpaid intent paid; false when it was paid already (another confirm won). */
  async markSucceeded(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')))
      .returning({ id: testPaymentIntents.id })
    return rows.length === 1
  },

  /** Undoes markSucceeded when the payment's event could not be delivered, so the clerk can try again. */
  async markUnpaid(db: Db, id: string): Promise<void> {
    await db.update(testPaymentIntents).set({ status: 'requires_payment_method' }).where(eq(testPaymentIntents.id, id))
  },
}
