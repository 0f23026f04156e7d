// Submits at once through the real route: never more jobs than the credits pay for, the balance never
// below zero, and one folder never two jobs. On PostgreSQL the requests' transactions really overlap
// (the clerk's row lock and the folder's row lock decide); on PGlite they run one after another, and the
// answers must be the same.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadFolders } from '../../src/db/schema.ts'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, lookupIds, makeFolder, submitJob, writtenFor, type JobFormFields } from './support.ts'

describe('create-job under concurrency', () => {
  let t: TestApp
  let ids: Awaited<ReturnType<typeof lookupIds>>
  beforeAll(async () => {
    t = await createTestApp()
    ids = await lookupIds(t)
  })
  afterAll(() => t.app.close())

  const ai = (folderToken: string): JobFormFields => ({
    propertyAddress: '3 Station Road, Ripon HG4 1AA',
    reportTypeId: String(ids.reportType.Inventory),
    jobTypeId: String(ids.jobType.AI),
    slaSlotId: String(ids.slot['1 Hour Priority']),
    folderToken,
  })

  it('makes exactly 5 jobs of 50 submits at once (each with its own folder) against credit for 5, leaving the balance at exactly 0', async () => {
    // 30 s of AI audio costs 0.50: 2.50 pays for five.
    const clerk = await clerkWithCredits(t, 'fifty.at.once@example.com', 2_50)
    const folders = await Promise.all(Array.from({ length: 50 }, () => makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30] })))
    const answers = await Promise.all(folders.map((folder, i) => submitJob(t, clerk.token, ai(folder.token), [], `submit-${i}`)))

    const made = answers.filter((answer) => answer.statusCode === 200)
    expect(made).toHaveLength(5)
    expect(new Set(made.map((answer) => answer.json().job_id)).size).toBe(5)
    const refused = answers.filter((answer) => answer.statusCode !== 200)
    expect(new Set(refused.map((answer) => JSON.stringify([answer.statusCode, answer.json()])))).toEqual(
      new Set([JSON.stringify([409, { detail: 'This job costs 0.50 credits, but your balance is 0.00. Please add credits and submit again.', code: 'insufficient_credits' }])]),
    )
    expect(await creditsRepository.balanceCents(t.database.db, clerk.userId)).toBe(0)
    expect(await writtenFor(t, clerk.userId)).toMatchObject({ jobs: 5, entries: 6 })
    const used = await t.database.db.select({ jobId: uploadFolders.jobId }).from(uploadFolders).where(eq(uploadFolders.userId, clerk.userId))
    expect(used.filter((folder) => folder.jobId !== null)).toHaveLength(5)
  })

  it('makes one job of one folder submitted 10 times at once under 10 keys', async () => {
    const clerk = await clerkWithCredits(t, 'one.folder@example.com', 20_00)
    const folder = await makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30] })
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submitJob(t, clerk.token, ai(folder.token), [], `tap-${i}`)))
    const made = answers.filter((answer) => answer.statusCode === 200)
    expect(made).toHaveLength(1)
    const used = { detail: `This audio was already submitted as job #${made[0]!.json().job_id}. Please check My Jobs.`, code: 'duplicate_request' }
    for (const answer of answers.filter((a) => a.statusCode !== 200)) expect([answer.statusCode, answer.json()]).toEqual([409, used])
    expect(await writtenFor(t, clerk.userId, folder.token)).toEqual({ jobs: 1, entries: 2, folderUsed: true })
    expect(await creditsRepository.balanceCents(t.database.db, clerk.userId)).toBe(19_50)
  })
})
