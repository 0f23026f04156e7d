// A job moved to Failed (decisions.md, Jobs): the operator's reason is kept with the job and told to
// its clerk, and the job's charge may be refunded, once, as a ledger row of its own that commits with
// the move. Through the operator calls (app.inject) and through `npm run ops` against a listening server.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditEntries } from '../../src/db/schema.ts'
import { chargeForJob } from '../../src/money/charge-for-job.ts'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { clerkId, jobFor, notices } from '../money/support.ts'
import { bearer, createDemoJobsFor, createTestApp, opsHeaders, signIn, type TestApp } from '../support/test-app.ts'
import { runOps } from '../support/ops-command.ts'

describe('moving a job to Failed', () => {
  let t: TestApp
  let userId: string
  const email = 'fiona.failed@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    userId = await clerkId(t, email)
    await ops('POST', '/credits', { email, amount: '100', reason: 'Starting credits' })
  })
  afterAll(() => t.app.close())

  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api/ops${url}`, headers: opsHeaders(t), payload })
  const move = (jobId: number, payload: object) => ops('POST', `/jobs/${jobId}/status`, payload)
  /** A job the clerk submitted and was charged for. */
  const chargedJob = async (costCents: number) => (await chargeForJob(t.database.db, { job: await jobFor(t, userId, costCents) })).jobId
  const refundsOf = (jobId: number) =>
    t.database.db
      .select({ amountCents: creditEntries.amountCents, reason: creditEntries.reason, jobId: creditEntries.jobId })
      .from(creditEntries)
      .where(and(eq(creditEntries.jobId, jobId), eq(creditEntries.kind, 'refund')))
  const clerkJob = async (jobId: number) => {
    const { token } = await signIn(t, email)
    return (await t.app.inject({ method: 'GET', url: `/api/clerk/jobs/${jobId}`, headers: bearer(token) })).json()
  }
  const balance = () => creditsRepository.balanceCents(t.database.db, userId)

  it('needs a reason, keeps it with the job and tells the clerk, charging nothing back without --refund', async () => {
    const jobId = await chargedJob(12_50)
    for (const payload of [{ status: 'Failed' }, { status: 'Failed', reason: '   ' }]) {
      const refused = await move(jobId, payload)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: `Moving job #${jobId} to Failed needs a reason the clerk can read (--reason "...").`, code: 'invalid_input' })
    }
    const tooLong = await move(jobId, { status: 'Failed', reason: 'x'.repeat(501) })
    expect(tooLong.json()).toEqual({ detail: 'A failure reason can be at most 500 characters long.', code: 'invalid_input' })
    const withOther = await move(jobId, { status: 'Scheduled', reason: 'Because' })
    expect(withOther.json()).toEqual({ detail: 'A reason and a refund go only with a move to Failed.', code: 'invalid_input' })
    expect((await clerkJob(jobId)).job_status).toEqual({ status: 'Submitted' })

    const before = await balance()
    const moved = await move(jobId, { status: 'Failed', reason: '  The audio is silent after the first 40 seconds  ' })
    expect(moved.json()).toEqual({ message: `Job #${jobId} moved from Submitted to Failed.` })
    expect(await clerkJob(jobId)).toMatchObject({ job_status: { status: 'Failed' }, failure_reason: 'The audio is silent after the first 40 seconds' })
    expect((await notices(t, userId))[0]).toBe(`Job #${jobId} is now Failed. Reason: The audio is silent after the first 40 seconds.`)
    expect(await balance()).toBe(before)
    expect(await refundsOf(jobId)).toEqual([])
  })

  it('refunds the charge with the move, as a ledger row naming the job, once: a second refund is refused and changes nothing', async () => {
    const jobId = await chargedJob(7_25)
    const before = await balance()
    const moved = await move(jobId, { status: 'Failed', reason: 'The recording is of another property.', refund: true })
    expect(moved.json()).toEqual({ message: `Job #${jobId} moved from Submitted to Failed. Job #${jobId}'s charge of 7.25 credits was refunded.` })
    expect(await balance()).toBe(before + 7_25)
    expect(await refundsOf(jobId)).toEqual([{ amountCents: 7_25, reason: `Refund for failed job #${jobId}`, jobId }])
    expect((await notices(t, userId))[0]).toBe(`Job #${jobId} is now Failed. Reason: The recording is of another property. 7.25 credits were refunded to your balance.`)

    const again = await move(jobId, { status: 'Failed', refund: true })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: `Job #${jobId}'s charge of 7.25 credits was already refunded. Nothing was changed.`, code: 'already_refunded' })
    expect(await balance()).toBe(before + 7_25)
    expect(await refundsOf(jobId)).toHaveLength(1)
    // The reason stays the first move's.
    expect((await clerkJob(jobId)).failure_reason).toBe('The recording is of another property.')
  })

  it('refunds a job already Failed once, however many refunds arrive at once', async () => {
    const jobId = await chargedJob(3_00)
    await move(jobId, { status: 'Failed', reason: 'Audio file is corrupt' })
    const before = await balance()
    const answers = await Promise.all(Array.from({ length: 5 }, () => move(jobId, { status: 'Failed', refund: true })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toEqual({ message: `Job #${jobId}'s charge of 3.00 credits was refunded.` })
    expect(await balance()).toBe(before + 3_00)
    expect(await refundsOf(jobId)).toHaveLength(1)
    expect((await notices(t, userId))[0]).toBe(`Job #${jobId}: 3.00 credits were refunded to your balance.`)
  })

  it('refunds nothing for a job that was never charged, and moves nothing when the refund is refused', async () => {
    const [submitted] = await createDemoJobsFor(t, email, 1)
    const refused = await move(submitted!, { status: 'Failed', reason: 'Duplicate of another job', refund: true })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ detail: `Job #${submitted} was not charged (a demo job), so there is nothing to refund. Nothing was changed.`, code: 'conflict' })
    // All or nothing: the move did not happen either.
    expect((await clerkJob(submitted!)).job_status).toEqual({ status: 'Submitted' })
    expect((await move(submitted!, { status: 'Completed', refund: true })).json()).toEqual({ detail: 'A reason and a refund go only with a move to Failed.', code: 'invalid_input' })
  })

  it('gives a failed demo job its reason, as an operator’s move would', async () => {
    const failed = (await createDemoJobsFor(t, email, 6))[5]!
    expect(await clerkJob(failed)).toMatchObject({ job_status: { status: 'Failed' }, failure_reason: 'The recording is silent after the first minute.' })
  })

  it('works through `npm run ops`: --reason required for failed, --refund once, each refusal in the operator’s words', async () => {
    const jobId = await chargedJob(4_40)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const token = opsHeaders(t).authorization!.replace('Bearer ', '')
    const cli = (...args: string[]) => runOps(args, { INSPECTSCRIBE_URL: address, OPS_TOKEN: token })

    const noReason = await cli('move', String(jobId), 'failed')
    expect(noReason.code).toBe(2)
    expect(noReason.stderr).toContain('Moving a job to Failed needs --reason "<why>": the clerk reads it on the job and in their notification.')
    const withOther = await cli('move', String(jobId), 'scheduled', '--reason', 'Because')
    expect(withOther.code).toBe(2)
    expect(withOther.stderr).toContain('--reason and --refund go only with a move to Failed.')
    expect((await clerkJob(jobId)).job_status).toEqual({ status: 'Submitted' })

    const done = await cli('move', String(jobId), 'failed', '--reason', 'Wrong property recorded', '--refund')
    expect(done).toMatchObject({ code: 0, stdout: `Job #${jobId} moved from Submitted to Failed. Job #${jobId}'s charge of 4.40 credits was refunded.\n` })
    expect(await clerkJob(jobId)).toMatchObject({ failure_reason: 'Wrong property recorded' })

    const twice = await cli('move', String(jobId), 'failed', '--refund')
    expect(twice).toMatchObject({ code: 1, stderr: `Job #${jobId}'s charge of 4.40 credits was already refunded. Nothing was changed.\n` })
    expect(await refundsOf(jobId)).toHaveLength(1)
  })
})
