// An AI job's transcription is queued in the same transaction as its charge (create-job.ts): a submitted
// AI job (AI or AI + Proofreading) is queued exactly once, a retried submit queues nothing more, a
// charge refused for want of credit queues nothing, and a human job is never queued. Read from
// pg-boss's own tables on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, lookupIds, makeFolder, PDF, submitJob, type Clerk, type JobFormFields } from '../create-job/support.ts'

describe('queueing AI jobs with their charge', () => {
  let t: TestApp
  let ids: Awaited<ReturnType<typeof lookupIds>>
  beforeAll(async () => {
    t = await createTestApp()
    ids = await lookupIds(t)
  })
  afterAll(() => t.app.close())

  /** The transcribe-job queue's entries, each the job id it carries. */
  const queued = async (): Promise<number[]> => {
    const rows = (await t.database.db.execute(sql`select data from pgboss.job where name = 'transcribe-job' order by created_on`)) as unknown as { rows: { data: { jobId: number } }[] }
    return rows.rows.map((row) => row.data.jobId)
  }
  const fields = async (clerk: Clerk, jobType: string, slot: string): Promise<JobFormFields> => ({
    propertyAddress: '3 Mill Lane, Ripon HG4 1AA',
    reportTypeId: String(ids.reportType.Inventory),
    jobTypeId: String(ids.jobType[jobType]),
    slaSlotId: String(ids.slot[slot]),
    remarks: '',
    folderToken: (await makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [61] })).token,
  })

  // A job other than AI Only comes with its template.
  const template = [{ name: 'template_files', filename: 'Template.pdf', content: PDF }]

  it('queues each submitted AI job once, even when its submit is retried, and no human job', async () => {
    const clerk = await clerkWithCredits(t, 'queued.clerk@example.com', 100_00)
    const aiOnly = await submitJob(t, clerk.token, await fields(clerk, 'AI', '1 Hour Priority'), [], 'ai-only-submit')
    expect(aiOnly.statusCode).toBe(200)
    const aiJobId = aiOnly.json().job_id as number
    // The retry of the same submit answers the same job and queues nothing more.
    const retried = await submitJob(t, clerk.token, await fields(clerk, 'AI', '1 Hour Priority'), [], 'ai-only-submit')
    expect([retried.statusCode, retried.json().job_id]).toEqual([200, aiJobId])
    const proofread = await submitJob(t, clerk.token, await fields(clerk, 'AI + Proofreading', '48 Hours'), template)
    expect(proofread.statusCode).toBe(200)
    const human = await submitJob(t, clerk.token, await fields(clerk, 'Human', '48 Hours'), template)
    expect(human.statusCode).toBe(200)

    expect(await queued()).toEqual([aiJobId, proofread.json().job_id])
  })

  it('queues nothing when the charge is refused for want of credit', async () => {
    const before = await queued()
    const poor = await clerkWithCredits(t, 'queued.poor@example.com', 99)
    const refused = await submitJob(t, poor.token, await fields(poor, 'AI', '1 Hour Priority'))
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'insufficient_credits'])
    expect(await queued()).toEqual(before)
  })
})
