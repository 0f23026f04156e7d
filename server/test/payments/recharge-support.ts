// What the recharge history and statement tests share: a clerk signed up, with a company, and signed
// in through the real routes, and the ledger moves of the money module, each at a fixed time so the
// dates a clerk reads can be checked exactly.
import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { creditEntries } from '../../src/db/schema.ts'
import { adjustByOperator } from '../../src/money/adjust-by-operator.ts'
import { chargeForJob } from '../../src/money/charge-for-job.ts'
import { creditRecharge } from '../../src/money/credit-recharge.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'
import { jobFor } from '../money/support.ts'

export interface SignedInClerk {
  userId: string
  headers: Record<string, string>
}

export async function signedInClerk(t: TestApp, email: string, { fullName = 'Casey Clerk', company }: { fullName?: string; company?: string } = {}): Promise<SignedInClerk> {
  await signUpClerk(t, email, undefined, fullName)
  const userId = (await usersRepository.findByEmail(t.database.db, email))!.id
  const headers = bearer((await signIn(t, email)).token)
  if (company !== undefined) {
    const updated = await t.app.inject({ method: 'PUT', url: '/api/profile/update', headers, payload: { company_name: company } })
    if (updated.statusCode !== 200) throw new Error(`profile update failed: ${updated.body}`)
  }
  return { userId, headers }
}

/** The moment an entry was written, set after the money module wrote it. */
async function dated(t: TestApp, entryId: number, at: Date): Promise<number> {
  await t.database.db.update(creditEntries).set({ createdAt: at }).where(eq(creditEntries.id, entryId))
  return entryId
}

/** A paid recharge through the money module (as the payment webhook credits it); the entry's id. */
export async function recharge(t: TestApp, userId: string, r: { credits: number; paid: number; currency?: string; plan: string; at: Date }): Promise<number> {
  const { entryId } = await creditRecharge(t.database.db, {
    userId,
    amountCents: r.credits,
    reason: r.plan,
    externalReference: `pi_test_${randomUUID()}`,
    paid: { cents: r.paid, currency: r.currency ?? 'gbp' },
  })
  return dated(t, entryId, r.at)
}

/** The clerk's newest ledger entry's id. */
async function newestEntry(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.database.db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, userId)).orderBy(desc(creditEntries.id)).limit(1)
  return row!.id
}

/** A job charged to the clerk's credits, at `at` when given; the job's id. */
export async function chargeJob(t: TestApp, userId: string, costCents: number, at?: Date): Promise<number> {
  const { jobId } = await chargeForJob(t.database.db, { job: await jobFor(t, userId, costCents) })
  if (at) await dated(t, await newestEntry(t, userId), at)
  return jobId
}

/** An operator's correction of the clerk's credits ("-2.50", "5"), at `at` when given; the entry's id. */
export async function adjust(t: TestApp, userId: string, amount: string, reason: string, at?: Date): Promise<number> {
  await adjustByOperator(t.database.db, { amount, reason }, async () => ({ id: userId }))
  const entryId = await newestEntry(t, userId)
  return at ? dated(t, entryId, at) : entryId
}
