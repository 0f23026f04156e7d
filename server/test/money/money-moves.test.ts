// The money module's moves, called directly on a real database (no route uses chargeForJob or
// creditRecharge yet): each writes its entry, its rows and its notification together, never below
// zero, and a repeated external reference or client request id is the first move, not a second.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { creditEntries, jobs, users } from '../../src/db/schema.ts'
import { HttpError } from '../../src/http-error.ts'
import { adjustByOperator } from '../../src/money/adjust-by-operator.ts'
import { chargeForJob } from '../../src/money/charge-for-job.ts'
import { creditRecharge } from '../../src/money/credit-recharge.ts'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { notificationsRepository } from '../../src/repositories/notifications-repository.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { clerkId, jobFor, notices } from './support.ts'

describe('money moves', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const balance = (userId: string) => creditsRepository.balanceCents(t.database.db, userId)
  const entries = (userId: string) =>
    t.database.db.select({ amountCents: creditEntries.amountCents, kind: creditEntries.kind, reason: creditEntries.reason, jobId: creditEntries.jobId }).from(creditEntries).where(eq(creditEntries.userId, userId)).orderBy(creditEntries.id)
  const jobCount = async (userId: string) => (await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.userId, userId))).length

  it('credits a recharge once, however often its payment event comes', async () => {
    const userId = await clerkId(t, 'rita.recharge@example.com')
    const recharge = { userId, amountCents: 50_00, reason: 'Standard plan', externalReference: 'pi_test_standard_1', paid: { cents: 50_00, currency: 'gbp' } }
    const first = await creditRecharge(t.database.db, recharge)
    expect(first).toEqual({ entryId: expect.any(Number), balanceCents: 50_00, alreadyCredited: false })
    // The provider repeats its event: the first credit is the answer, nothing is written.
    expect(await creditRecharge(t.database.db, recharge)).toEqual({ entryId: first.entryId, balanceCents: 50_00, alreadyCredited: true })
    expect(await balance(userId)).toBe(50_00)
    expect(await entries(userId)).toEqual([{ amountCents: 50_00, kind: 'recharge', reason: 'Standard plan', jobId: null }])
    expect(await notices(t, userId)).toEqual(['Added 50.00 credits: Standard plan'])
  })

  it('refuses a payment reference already credited for another clerk or another amount', async () => {
    const userId = await clerkId(t, 'ray.reference@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_starter_1', paid: { cents: 20_00, currency: 'gbp' } })
    const other = await clerkId(t, 'oscar.other@example.com')
    for (const attempt of [
      { userId: other, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_starter_1', paid: { cents: 20_00, currency: 'gbp' } },
      { userId, amountCents: 25_00, reason: 'Starter plan', externalReference: 'pi_test_starter_1', paid: { cents: 25_00, currency: 'gbp' } },
    ]) {
      const refusal = await creditRecharge(t.database.db, attempt).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(HttpError)
      expect(refusal).toMatchObject({ statusCode: 409, code: 'duplicate_request', detail: 'The payment pi_test_starter_1 was already credited for another request.' })
    }
    expect([await balance(userId), await balance(other)]).toEqual([20_00, 0])
  })

  it('creates a job with its charge and notification, and a retried submit is the same job, charged once', async () => {
    const userId = await clerkId(t, 'cleo.charge@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_cleo', paid: { cents: 20_00, currency: 'gbp' } })
    const job = await jobFor(t, userId, 7_35, 'submit-4f1c')
    const first = await chargeForJob(t.database.db, { job })
    expect(first).toEqual({ jobId: expect.any(Number), balanceCents: 12_65, repeated: false })
    expect(await chargeForJob(t.database.db, { job })).toEqual({ jobId: first.jobId, balanceCents: 12_65, repeated: true })
    expect(await jobCount(userId)).toBe(1)
    expect(await balance(userId)).toBe(12_65)
    expect((await entries(userId)).at(-1)).toEqual({ amountCents: -7_35, kind: 'job_charge', reason: `Job #${first.jobId}`, jobId: first.jobId })
    expect((await notices(t, userId))[0]).toBe(`Job #${first.jobId} was submitted; 7.35 credits were charged.`)
    // Another submit (another id, or none) is another job.
    expect((await chargeForJob(t.database.db, { job: await jobFor(t, userId, 1_00) })).balanceCents).toBe(11_65)
    expect(await jobCount(userId)).toBe(2)
  })

  it('hands a retried submit back to its caller to take back what it uploaded, and commits nothing of it', async () => {
    const userId = await clerkId(t, 'rex.retry@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_rex', paid: { cents: 20_00, currency: 'gbp' } })
    const job = await jobFor(t, userId, 4_00, 'submit-rex')
    const first = await chargeForJob(t.database.db, { job })
    const committed: number[] = []
    const repeatedFor: number[] = []
    const retry = await chargeForJob(t.database.db, {
      job,
      beforeCommit: async (_tx, jobId) => void committed.push(jobId),
      onRepeated: async (jobId) => void repeatedFor.push(jobId),
    })
    expect(retry).toEqual({ jobId: first.jobId, balanceCents: 16_00, repeated: true })
    expect({ committed, repeatedFor }).toEqual({ committed: [], repeatedFor: [first.jobId] })
  })

  it('refuses a client request id already used for a job with another cost or address, and charges nothing', async () => {
    const userId = await clerkId(t, 'dora.duplicate@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_dora', paid: { cents: 20_00, currency: 'gbp' } })
    const job = await jobFor(t, userId, 4_00, 'submit-dora')
    await chargeForJob(t.database.db, { job })
    for (const other of [{ ...job, costCents: 9_00 }, { ...job, propertyAddress: '2 Mill Lane, Ripon HG4 1AA' }]) {
      const onRepeated = vi.fn(async () => undefined)
      const refusal = await chargeForJob(t.database.db, { job: other, onRepeated }).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(HttpError)
      expect(refusal).toMatchObject({ statusCode: 409, code: 'duplicate_request', detail: 'This submit was already sent with other details. Please check My Jobs before you submit again.' })
      expect(onRepeated).not.toHaveBeenCalled()
    }
    expect([await jobCount(userId), await balance(userId)]).toEqual([1, 16_00])
  })

  it('answers 404 when the clerk is erased during a money move, and moves nothing', async () => {
    const userId = await clerkId(t, 'ezra.erased@example.com')
    const email = 'ezra.erased@example.com'
    const erase = () => t.database.db.update(users).set({ status: 'deleted' }).where(eq(users.id, userId))
    // The operator's route finds the clerk; the account is erased before the move locks it.
    const adjusting = adjustByOperator(t.database.db, { amount: '5', reason: 'Goodwill' }, async () => {
      const clerk = { id: userId, email }
      await erase()
      return clerk
    }).catch((error: unknown) => error)
    const noClerk = { statusCode: 404, code: 'not_found', detail: 'This clerk’s account no longer exists. Nothing was changed.' }
    expect(await adjusting).toMatchObject(noClerk)
    expect(await chargeForJob(t.database.db, { job: await jobFor(t, userId, 1_00) }).catch((error: unknown) => error)).toMatchObject(noClerk)
    expect(await creditRecharge(t.database.db, { userId, amountCents: 5_00, reason: 'Starter plan', externalReference: 'pi_test_ezra', paid: { cents: 5_00, currency: 'gbp' } }).catch((error: unknown) => error)).toMatchObject(noClerk)
    // A clerk whose row is gone altogether gets the same answer.
    expect(await creditRecharge(t.database.db, { userId: '00000000-0000-4000-8000-000000000000', amountCents: 5_00, reason: 'Starter plan', externalReference: 'pi_test_nobody', paid: { cents: 5_00, currency: 'gbp' } }).catch((error: unknown) => error)).toMatchObject(noClerk)
    expect([await jobCount(userId), await balance(userId)]).toEqual([0, 0])
  })

  it('refuses a job that costs more than the balance, and writes nothing', async () => {
    const userId = await clerkId(t, 'nina.nocredit@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 5_00, reason: 'Starter plan', externalReference: 'pi_test_nina', paid: { cents: 5_00, currency: 'gbp' } })
    const refusal = await chargeForJob(t.database.db, { job: await jobFor(t, userId, 5_01) }).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ statusCode: 409, code: 'insufficient_credits', detail: 'This job costs 5.01 credits, but your balance is 5.00. Please add credits and submit again.' })
    expect([await jobCount(userId), await balance(userId), (await notices(t, userId)).length]).toEqual([0, 5_00, 1])
    // Exactly the balance is fine: it goes to zero, not below.
    expect((await chargeForJob(t.database.db, { job: await jobFor(t, userId, 5_00) })).balanceCents).toBe(0)
  })

  it('keeps neither the job nor its charge when a later step of the same transaction fails', async () => {
    const userId = await clerkId(t, 'fay.failure@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 10_00, reason: 'Starter plan', externalReference: 'pi_test_fay', paid: { cents: 10_00, currency: 'gbp' } })
    const failure = await chargeForJob(t.database.db, {
      job: await jobFor(t, userId, 3_00),
      beforeCommit: async () => {
        throw new Error('the audio file could not be committed')
      },
    }).catch((error: unknown) => error)
    expect(failure).toEqual(new Error('the audio file could not be committed'))
    expect([await jobCount(userId), await balance(userId), await notices(t, userId)]).toEqual([0, 10_00, ['Added 10.00 credits: Starter plan']])
  })

  it('keeps no recharge whose notification fails', async () => {
    const userId = await clerkId(t, 'nora.notice@example.com')
    const add = vi.spyOn(notificationsRepository, 'add').mockRejectedValueOnce(new Error('notification refused'))
    try {
      await expect(creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_nora', paid: { cents: 20_00, currency: 'gbp' } })).rejects.toThrow('notification refused')
    } finally {
      add.mockRestore()
    }
    expect(await balance(userId)).toBe(0)
    // The payment was not credited, so its redelivery credits it now.
    expect(await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_test_nora', paid: { cents: 20_00, currency: 'gbp' } })).toMatchObject({ balanceCents: 20_00, alreadyCredited: false })
  })
})
