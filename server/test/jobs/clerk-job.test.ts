// GET /api/clerk/jobs/:jobId: one of the clerk's own jobs, whenever it was created, as the dashboard
// lists it. A job's notification opens it even when it is older than the list's range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('GET /api/clerk/jobs/:jobId', () => {
  let t: TestApp
  let alice: string
  let bob: string
  let oldJob: number
  let bobsJob: number

  beforeAll(async () => {
    t = await createTestApp()
    const { db } = t.database
    await signUpClerk(t, 'alice.one-job@example.com')
    await signUpClerk(t, 'bob.one-job@example.com')
    const aliceId = (await usersRepository.findByEmail(db, 'alice.one-job@example.com'))!.id
    const bobId = (await usersRepository.findByEmail(db, 'bob.one-job@example.com'))!.id
    const [inventory] = await lookupsRepository.reportTypes(db)
    const human = (await lookupsRepository.jobTypes(db)).find((j) => j.name === 'Human')!
    const standard = (await lookupsRepository.slaSlots(db)).find((s) => s.hours === 24)!
    const base = { reportTypeId: inventory!.id, jobTypeId: human.id, slaSlotId: standard.id, costCents: 12_80, audioDurationSeconds: '480.500' }
    const at = (month: number, day: number, hour = 12) => new Date(Date.UTC(2025, month - 1, day, hour))

    // A year-old job, far outside the list's default range of the last 7 days.
    oldJob = await jobsRepository.create(db, {
      ...base,
      userId: aliceId,
      propertyAddress: '7 Orchard Close, Ripon HG4 1QT',
      createdAt: at(3, 4),
      slaDeadline: at(3, 5),
      files: [
        { kind: 'audio', fileKey: `clerks/${aliceId}/jobs/b/hall.mp3`, sizeBytes: 1000, durationSeconds: '480.500' },
        { kind: 'transcript', fileKey: `clerks/${aliceId}/jobs/b/Inspection report.docx`, sizeBytes: 10 },
      ],
    })
    await jobsRepository.setStatus(db, oldJob, 'Completed', at(3, 4, 15))
    await jobsRepository.addStaffNote(db, oldJob, 'Transcript attached.', at(3, 4, 16))
    // Another job of hers, whose files and notes must not leak into the answer.
    const other = await jobsRepository.create(db, {
      ...base,
      userId: aliceId,
      propertyAddress: '9 Other Street',
      createdAt: at(3, 4, 13),
      slaDeadline: at(3, 5),
      files: [{ kind: 'support', fileKey: `clerks/${aliceId}/jobs/c/plan.pdf`, sizeBytes: 10 }],
    })
    await jobsRepository.addStaffNote(db, other, 'Not this one.', at(3, 4, 14))
    bobsJob = await jobsRepository.create(db, { ...base, userId: bobId, propertyAddress: 'Bob’s job', createdAt: at(3, 4), slaDeadline: at(3, 5) })

    alice = (await signIn(t, 'alice.one-job@example.com')).token
    bob = (await signIn(t, 'bob.one-job@example.com')).token
  })
  afterAll(() => t.app.close())

  const getJob = (token: string | undefined, jobId: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/clerk/jobs/${jobId}`, headers: token ? bearer(token) : {} })

  it('answers the clerk’s own job, however old, in the dashboard row’s shape', async () => {
    const response = await getJob(alice, oldJob)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      job_id: oldJob,
      property_address: '7 Orchard Close, Ripon HG4 1QT',
      created_at: '2025-03-04T12:00:00.000Z',
      updated_at: '2025-03-04T16:00:00.000Z',
      sla_deadline: '2025-03-05T12:00:00.000Z',
      priority: 'Normal',
      audio_duration: 480.5,
      cost: 12.8,
      audio_files: [expect.stringMatching(/\/hall\.mp3$/)],
      template_files: [],
      support_files: [],
      transcript_files: [expect.stringMatching(/\/Inspection report\.docx$/)],
      report_type: { name: 'Inventory' },
      job_type: { name: 'Human' },
      sla_slot: { name: '24 Hours Standard' },
      job_status: { status: 'Completed' },
      remarks: '',
      failure_reason: null,
      staff_note: [{ note: 'Transcript attached.', created_at: '2025-03-04T16:00:00.000Z' }],
    })
    // The same row as the dashboard gives for that day.
    const day = Date.UTC(2025, 2, 4)
    const listed = (await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=${day}&end=${day + 86_399_999}`, headers: bearer(alice) })).json()
    expect(listed).toContainEqual(response.json())
  })

  it('answers 404 "Not found" for another clerk’s job and for an unknown id', async () => {
    for (const [token, jobId] of [
      [alice, bobsJob],
      [bob, oldJob],
      [alice, 2_147_483_647],
    ] as const) {
      const response = await getJob(token, jobId)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found', code: 'not_found' })
    }
  })

  it('refuses an id that is no row id with 400, and a call without a session with 403', async () => {
    for (const jobId of ['0', '2147483648', '12abc', '-1']) {
      const response = await getJob(alice, jobId)
      expect(response.statusCode, jobId).toBe(400)
      expect(response.json().detail, jobId).toMatch(/^params\/jobId /)
    }
    expect((await getJob(undefined, oldJob)).statusCode).toBe(403)
  })
})
