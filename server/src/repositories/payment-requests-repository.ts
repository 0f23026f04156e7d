// The 5-second gate on payment-intent requests (portal-spec.md §9; schema.ts paymentRequests).
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { paymentRequests } from '../db/schema.ts'

export const paymentRequestsRepository = {
  /**
   * The idempotency key of the clerk's request `requestKey`: the key of the same request made less than
   * `windowSeconds` ago, or a new one. One upsert claims the row (a request older than the window gets a
   * fresh key; a newer one keeps it), then a read: two requests at once cannot both make a new key.
   */
  async claim(db: Db, userId: string, requestKey: string, windowSeconds: number): Promise<string> {
    await db
      .insert(paymentRequests)
      .values({ userId, requestKey })
      .onConflictDoUpdate({
        target: [paymentRequests.userId, paymentRequests.requestKey],
        set: { idempotencyKey: sql`gen_random_uuid()`, requestedAt: sql`now()` },
        setWhere: sql`${paymentRequests.requestedAt} < now() - make_interval(secs => ${windowSeconds})`,
      })
    const [row] = await db
      .select({ idempotencyKey: paymentRequests.idempotencyKey })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.requestKey, requestKey)))
    if (!row) throw new Error('the payment request was neither inserted nor found')
    return row.idempotencyKey
  },

  /**
   * Replaces the request's key `usedKey` (its intent is paid) with a new one and answers it. Only the
   * first of several requests holding `usedKey` replaces it; the others read the key it wrote.
   */
  async renew(db: Db, userId: string, requestKey: string, usedKey: string): Promise<string> {
    const row = and(eq(paymentRequests.userId, userId), eq(paymentRequests.requestKey, requestKey))
    await db
      .update(paymentRequests)
      .set({ idempotencyKey: sql`gen_random_uuid()`, requestedAt: sql`now()` })
      .where(and(row, eq(paymentRequests.idempotencyKey, usedKey)))
    const [renewed] = await db.select({ idempotencyKey: paymentRequests.idempotencyKey }).from(paymentRequests).where(row)
    if (!renewed) throw new Error('the payment request disappeared while it was renewed')
    return renewed.idempotencyKey
  },
}
