// The credit ledger under concurrency, and the demo clerk's first start.
// Concurrency only means something on PostgreSQL: PGlite has one connection, so its transactions run
// one after another whatever the code does. There, with a pool of connections, moves for one clerk
// really overlap: with the clerk's row lock taken out, the two charge tests fail (every charge reads
// the same balance, which ends below zero; the retried submits hit the unique index instead of finding
// their job). The payment test is held by the unique external reference as well as by the lock.
import { eq } from 'drizzle-orm'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { creditEntries, jobs, notifications } from '../../src/db/schema.ts'
import { seedDemoClerkJobs } from '../../src/jobs/demo-jobs.ts'
import { chargeForJob } from '../../src/money/charge-for-job.ts'
import { creditRecharge } from '../../src/money/credit-recharge.ts'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { createTestApp, signUpClerk, type TestApp } from '../support/test-app.ts'
import { clerkId, jobFor } from '../money/support.ts'

describe.runIf(inject('databaseKind') === 'postgres')('the credit ledger under concurrency (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const balance = (userId: string) => creditsRepository.balanceCents(t.database.db, userId)
  const jobIdsOf = async (userId: string) => (await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.userId, userId))).map((j) => j.id)
  const codeOf = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as { code?: string }).code : 'charged')

  it('charges 8 jobs of 3.00 at once from 20.00: exactly 6 are made, 2 refused, 2.00 left', async () => {
    const userId = await clerkId(t, 'lee.ledger@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 20_00, reason: 'Starter plan', externalReference: 'pi_concurrent_lee', paid: { cents: 20_00, currency: 'gbp' } })
    const job = await jobFor(t, userId, 3_00)
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => chargeForJob(t.database.db, { job })))
    expect(results.map(codeOf).sort()).toEqual(['charged', 'charged', 'charged', 'charged', 'charged', 'charged', 'insufficient_credits', 'insufficient_credits'])
    expect(await balance(userId)).toBe(2_00)
    expect(await jobIdsOf(userId)).toHaveLength(6)
    // Every balance answered is one the ledger passed through, each exactly once.
    const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.balanceCents] : [])).sort((a, b) => b - a)
    expect(answered).toEqual([17_00, 14_00, 11_00, 8_00, 5_00, 2_00])
  })

  it('makes one job and one charge of 5 identical submits at once (one client request id)', async () => {
    const userId = await clerkId(t, 'rory.retry@example.com')
    await creditRecharge(t.database.db, { userId, amountCents: 10_00, reason: 'Starter plan', externalReference: 'pi_concurrent_rory', paid: { cents: 10_00, currency: 'gbp' } })
    const job = await jobFor(t, userId, 4_20, 'submit-retried')
    const results = await Promise.all(Array.from({ length: 5 }, () => chargeForJob(t.database.db, { job })))
    const [jobId] = await jobIdsOf(userId)
    expect(results.map((r) => r.jobId)).toEqual([jobId, jobId, jobId, jobId, jobId])
    expect(results.filter((r) => !r.repeated)).toHaveLength(1)
    expect(await balance(userId)).toBe(5_80)
  })

  it('credits one payment delivered 5 times at once exactly once', async () => {
    const userId = await clerkId(t, 'paz.payment@example.com')
    const recharge = { userId, amountCents: 50_00, reason: 'Standard plan', externalReference: 'pi_concurrent_paz', paid: { cents: 50_00, currency: 'gbp' } }
    const results = await Promise.all(Array.from({ length: 5 }, () => creditRecharge(t.database.db, recharge)))
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1)
    expect(results.filter((r) => !r.alreadyCredited)).toHaveLength(1)
    expect(await balance(userId)).toBe(50_00)
  })
})

describe('the demo clerk’s first start', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  it('gives demo jobs and starting credits once, and not again after the jobs are deleted', async () => {
    const { db } = t.database
    await signUpClerk(t, 'demo.first@example.com')
    const clerk = (await usersRepository.findByEmail(db, 'demo.first@example.com'))!
    expect(await seedDemoClerkJobs(db, t.app.storage, clerk.email)).toBe(true)
    const list = await jobsRepository.dashboard(db, clerk.id, new Date(0), new Date(Date.now() + 1000))
    expect(list).toHaveLength(12)
    // Every audio file was measured from the stored file itself.
    expect(list.every((job) => job.audio_duration >= 20)).toBe(true)
    expect(await creditsRepository.balanceCents(db, clerk.id)).toBe(100_00)

    await jobsRepository.deleteByIds(db, list.map((job) => job.job_id))
    expect(await seedDemoClerkJobs(db, t.app.storage, clerk.email)).toBe(false)
    expect(await jobsRepository.dashboard(db, clerk.id, new Date(0), new Date(Date.now() + 1000))).toEqual([])
  })

  it('leaves nothing when it fails half-way, and seeds in full on the next start', async () => {
    const { db } = t.database
    await signUpClerk(t, 'demo.half@example.com')
    const clerk = (await usersRepository.findByEmail(db, 'demo.half@example.com'))!
    const clerkFiles = async () => (await readdir(path.join(t.app.config.dataDir, 'files', 'clerks', clerk.id), { recursive: true }).catch(() => [])).length
    const rowsOf = async () => ({
      jobs: (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.userId, clerk.id))).length,
      entries: (await db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, clerk.id))).length,
      notifications: (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, clerk.id))).length,
    })
    const before = await rowsOf()
    // Every job's rows are written, then the transaction fails before it commits.
    const realInsert = jobsRepository.insertWhole
    const create = vi.spyOn(jobsRepository, 'insertWhole').mockImplementation(async (tx, whole) => {
      await realInsert(tx, whole)
      throw new Error('the database went away')
    })
    try {
      await expect(seedDemoClerkJobs(db, t.app.storage, clerk.email)).rejects.toThrow('the database went away')
    } finally {
      create.mockRestore()
    }
    expect(await rowsOf()).toEqual(before)
    expect(await clerkFiles()).toBe(0)

    expect(await seedDemoClerkJobs(db, t.app.storage, clerk.email)).toBe(true)
    expect(await rowsOf()).toEqual({ jobs: 12, entries: 1, notifications: before.notifications + 1 })
  })
})
