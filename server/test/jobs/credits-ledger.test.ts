import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditsRepository, InsufficientCreditsError } from '../../src/repositories/credits-repository.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { seedDemoClerkJobs } from '../../src/jobs/demo-jobs.ts'
import { createTestApp, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('the credit ledger', () => {
  let t: TestApp
  let userId: string

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'lee.ledger@example.com')
    userId = (await usersRepository.findByEmail(t.database.db, 'lee.ledger@example.com'))!.id
  })
  afterAll(() => t.app.close())

  it('sums entries to the cent', async () => {
    const { db } = t.database
    expect(await creditsRepository.balanceCents(db, userId)).toBe(0)
    await creditsRepository.addEntry(db, userId, { amountCents: 10, kind: 'adjustment', reason: 'a' })
    expect(await creditsRepository.addEntry(db, userId, { amountCents: 20, kind: 'adjustment', reason: 'b' })).toBe(30)
    expect(await creditsRepository.balanceCents(db, userId)).toBe(30)
    // Not a whole number of cents: refused before anything is written.
    await expect(creditsRepository.addEntry(db, userId, { amountCents: 0.5, kind: 'adjustment', reason: 'c' })).rejects.toThrow('not a whole number of cents: 0.5')
    expect(await creditsRepository.balanceCents(db, userId)).toBe(30)
  })

  it('lets only one of two spends at once take the same credits', async () => {
    const { db } = t.database
    await creditsRepository.addEntry(db, userId, { amountCents: 19_70, kind: 'adjustment', reason: 'top up to 20' })
    const spends = await Promise.allSettled([
      creditsRepository.addEntry(db, userId, { amountCents: -15_00, kind: 'adjustment', reason: 'first' }),
      creditsRepository.addEntry(db, userId, { amountCents: -15_00, kind: 'adjustment', reason: 'second' }),
    ])
    expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(1)
    const refused = spends.find((s) => s.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(InsufficientCreditsError)
    expect(await creditsRepository.balanceCents(db, userId)).toBe(5_00)
  })
})

describe('the demo clerk’s first start', () => {
  it('gives demo jobs and starting credits once, and not again after the jobs are deleted', async () => {
    const t = await createTestApp()
    try {
      const { db } = t.database
      await signUpClerk(t, 'demo.first@example.com')
      const clerk = (await usersRepository.findByEmail(db, 'demo.first@example.com'))!
      expect(await seedDemoClerkJobs(db, t.app.storage, clerk.email)).toBe(true)
      const jobs = await jobsRepository.dashboard(db, clerk.id, new Date(0), new Date(Date.now() + 1000))
      expect(jobs).toHaveLength(12)
      // Every audio file was measured from the stored file itself.
      expect(jobs.every((job) => job.audio_duration >= 20)).toBe(true)
      expect(await creditsRepository.balanceCents(db, clerk.id)).toBe(100_00)

      await jobsRepository.deleteByIds(db, jobs.map((job) => job.job_id))
      expect(await seedDemoClerkJobs(db, t.app.storage, clerk.email)).toBe(false)
      expect(await jobsRepository.dashboard(db, clerk.id, new Date(0), new Date(Date.now() + 1000))).toEqual([])
    } finally {
      await t.app.close()
    }
  })
})
