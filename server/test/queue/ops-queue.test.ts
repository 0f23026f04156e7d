// The operator's view of the work queue and of late jobs (`npm run ops -- queue`, `jobs --late`):
// through the operator calls and through the command line against a listening server, on pg-boss's
// real tables. Ages are the database's: a piece queued an hour ago is an hour old.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray, sql } from 'drizzle-orm'
import { jobs } from '../../src/db/schema.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { createDemoJobsFor, createTestApp, opsHeaders, signUpClerk, type TestApp } from '../support/test-app.ts'
import { runOps } from '../support/ops-command.ts'

const HOUR = 3_600_000
/** The demo jobs of the late-jobs test, which the command-line test reads again. */
let lateIds: number[] = []

describe('ops: the queue and late jobs', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const ops = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/ops${url}`, headers: opsHeaders(t) })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  it('lists waiting, running, retrying and failed work with its age, and nothing done', async () => {
    expect(await ops('/queue')).toEqual([])
    const { queue } = t.app
    const running = await queue.enqueue('transcribe-job', { jobId: 42 })
    // Taken by a worker (pg-boss's fetch marks it active) and not finished.
    expect((await queue.boss.fetch('transcribe-job', { batchSize: 1 })).map((job) => job.id)).toEqual([running])
    const retrying = await queue.enqueue('transcribe-job', { jobId: 43 })
    expect((await queue.boss.fetch('transcribe-job', { batchSize: 1 })).map((job) => job.id)).toEqual([retrying])
    await queue.boss.fail('transcribe-job', retrying, { message: 'The engine did not answer.' })
    const waiting = await queue.enqueue('transcribe-job', { jobId: 41 })
    // Queued an hour ago, as far as the database knows.
    await t.database.db.execute(sql`update pgboss.job set created_on = now() - interval '1 hour' where id = ${waiting}::uuid`)
    const failed = await queue.enqueue('storage-sweep', {})
    await queue.boss.fetch('storage-sweep', { batchSize: 1 })
    await queue.boss.fail('storage-sweep', failed, { message: 'disk full' })
    const done = await queue.enqueue('account-erasure', {})
    await queue.boss.fetch('account-erasure', { batchSize: 1 })
    await queue.boss.complete('account-erasure', done)

    const listed = (await ops('/queue')) as { id: string; ageSeconds: number }[]
    expect(listed.find((entry) => entry.id === waiting)?.ageSeconds).toBeGreaterThanOrEqual(3600)
    expect(listed.find((entry) => entry.id === waiting)?.ageSeconds).toBeLessThan(3600 + 120)
    const byId = (id: string) => listed.find((entry) => entry.id === id)
    expect([waiting, running, retrying, failed].map(byId)).toEqual([
      { queue: 'transcribe-job', id: waiting, state: 'waiting', since: expect.any(String), ageSeconds: expect.any(Number), tries: 0, maxTries: 4, payload: { jobId: 41 } },
      { queue: 'transcribe-job', id: running, state: 'running', since: expect.any(String), ageSeconds: expect.any(Number), tries: 1, maxTries: 4, payload: { jobId: 42 } },
      { queue: 'transcribe-job', id: retrying, state: 'retrying', since: expect.any(String), ageSeconds: expect.any(Number), tries: 1, maxTries: 4, payload: { jobId: 43 }, error: 'The engine did not answer.' },
      { queue: 'storage-sweep', id: failed, state: 'failed', since: expect.any(String), ageSeconds: expect.any(Number), tries: 1, maxTries: 1, payload: {}, error: 'disk full' },
    ])
    expect(byId(done)).toBeUndefined()
  })

  it('lists the jobs past their deadline and not finished, most overdue first', async () => {
    const email = 'late.clerk@example.com'
    await signUpClerk(t, email)
    // Submitted, Scheduled, In Progress, Completed, Downloaded, Failed.
    const ids = await createDemoJobsFor(t, email, 6)
    const { db } = t.database
    await db.update(jobs).set({ slaDeadline: new Date(Date.now() - 2 * HOUR) }).where(inArray(jobs.id, ids))
    await db.update(jobs).set({ slaDeadline: new Date(Date.now() - 5 * HOUR) }).where(inArray(jobs.id, [ids[2]!]))
    // Not due yet.
    await db.update(jobs).set({ slaDeadline: new Date(Date.now() + HOUR) }).where(inArray(jobs.id, [ids[1]!]))
    // A staff-only note (as the AI worker leaves after a lasting engine failure): `ops jobs` shows it.
    await jobsRepository.addStaffOnlyNote(db, ids[2]!, 'AI transcription failed on its last try')

    const late = (await ops('/jobs?late=true')) as { jobId: number; status: string; staffOnlyNotes: string[] }[]
    expect(late.map((job) => [job.jobId, job.status, job.staffOnlyNotes])).toEqual([
      [ids[2], 'In Progress', ['AI transcription failed on its last try']],
      [ids[0], 'Submitted', []],
    ])
    lateIds = ids
  })

  it('shows both through `npm run ops`', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const env = { INSPECTSCRIBE_URL: address, OPS_TOKEN: opsHeaders(t).authorization!.replace('Bearer ', '') }
    const queue = await runOps(['queue'], env)
    expect(queue.code).toBe(0)
    const lines = queue.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^QUEUE +STATE +AGE +TRIES +SINCE \(UTC\) +ABOUT$/)
    expect(lines).toContainEqual(expect.stringMatching(/^transcribe-job +waiting +1h 0\dm +0\/4 +\S+ \S+ +job #41$/))
    expect(lines).toContainEqual(expect.stringMatching(/^transcribe-job +retrying +\d+s +1\/4 +\S+ \S+ +job #43: The engine did not answer\.$/))
    expect(lines).toContainEqual(expect.stringMatching(/^storage-sweep +failed +\d+s +1\/1 +\S+ \S+ +disk full$/))

    const late = await runOps(['jobs', '--late'], env)
    expect(late.code).toBe(0)
    const [table, notes] = late.stdout.trim().split('\n\n') as [string, string]
    const rows = table.split('\n')
    expect(notes.split('\n')).toEqual(['Staff-only notes:', `  job #${lateIds[2]}: AI transcription failed on its last try`])
    expect(rows[0]).toMatch(/^ID +STATUS +TYPE +CLERK +DEADLINE \(UTC\) +LATE BY +PROPERTY$/)
    expect(rows.slice(1).map((row) => row.split(/ {2,}/).slice(1, 2).concat(row.match(/ (\d+h \d\dm) /)?.[1] ?? ''))).toEqual([
      ['In Progress', expect.stringMatching(/^5h 0\dm$/)],
      ['Submitted', expect.stringMatching(/^2h 0\dm$/)],
    ])
  }, 60_000)
})
