import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('GET /api/clerk/dashboard', () => {
  let t: TestApp
  let alice: string
  let bob: string
  const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 10, d, hour))

  beforeAll(async () => {
    t = await createTestApp()
    const { db } = t.database
    await signUpClerk(t, 'alice.jobs@example.com')
    await signUpClerk(t, 'bob.jobs@example.com')
    const aliceId = (await usersRepository.findByEmail(db, 'alice.jobs@example.com'))!.id
    const bobId = (await usersRepository.findByEmail(db, 'bob.jobs@example.com'))!.id
    const [inventory] = await lookupsRepository.reportTypes(db)
    const human = (await lookupsRepository.jobTypes(db)).find((j) => j.name === 'Human')!
    const standard = (await lookupsRepository.slaSlots(db)).find((s) => s.hours === 24)!
    const base = { reportTypeId: inventory!.id, jobTypeId: human.id, slaSlotId: standard.id, costCents: 12_80, audioDurationSeconds: '480.500' }

    await jobsRepository.create(db, { ...base, userId: aliceId, propertyAddress: '1 Old Road', createdAt: day(10), slaDeadline: day(11) })
    const newer = await jobsRepository.create(db, {
      ...base,
      userId: aliceId,
      propertyAddress: '22 Acacia Avenue, Leeds LS1 4AB',
      remarks: 'Keys with the agent; the side gate is open.',
      createdAt: day(12),
      slaDeadline: day(13),
      files: [
        { kind: 'audio', fileKey: `clerks/${aliceId}/jobs/a/kitchen.mp3`, sizeBytes: 1000, durationSeconds: '480.500' },
        { kind: 'template', fileKey: `clerks/${aliceId}/jobs/a/template.docx`, sizeBytes: 10 },
        { kind: 'support', fileKey: `clerks/${aliceId}/jobs/a/floorplan.pdf`, sizeBytes: 10 },
      ],
    })
    await jobsRepository.create(db, { ...base, userId: aliceId, propertyAddress: 'Out of range', createdAt: day(20), slaDeadline: day(21) })
    await jobsRepository.create(db, { ...base, userId: bobId, propertyAddress: 'Bob’s job', createdAt: day(12), slaDeadline: day(13) })
    await jobsRepository.setStatus(db, newer, 'Scheduled', day(12, 13))
    await jobsRepository.addStaffNote(db, newer, 'Audio is clear; starting now.', day(12, 14))

    alice = (await signIn(t, 'alice.jobs@example.com')).token
    bob = (await signIn(t, 'bob.jobs@example.com')).token
  })
  afterAll(() => t.app.close())

  const dashboard = (token: string | undefined, start: number, end: number) =>
    t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=${start}&end=${end}`, headers: token ? bearer(token) : {} })

  it('lists the clerk’s own jobs created in the range, newest first, in the spec’s shape', async () => {
    const response = await dashboard(alice, day(9).getTime(), day(15).getTime())
    expect(response.statusCode).toBe(200)
    const list = response.json()
    expect(list.map((j: { property_address: string }) => j.property_address)).toEqual(['22 Acacia Avenue, Leeds LS1 4AB', '1 Old Road'])
    expect(list[0]).toEqual({
      job_id: expect.any(Number),
      property_address: '22 Acacia Avenue, Leeds LS1 4AB',
      created_at: '2026-11-12T12:00:00.000Z',
      updated_at: '2026-11-12T14:00:00.000Z',
      sla_deadline: '2026-11-13T12:00:00.000Z',
      priority: 'Normal',
      audio_duration: 480.5,
      cost: 12.8,
      audio_files: [expect.stringMatching(/\/kitchen\.mp3$/)],
      template_files: [expect.stringMatching(/\/template\.docx$/)],
      support_files: [expect.stringMatching(/\/floorplan\.pdf$/)],
      transcript_files: [],
      report_type: { name: 'Inventory' },
      job_type: { name: 'Human' },
      sla_slot: { name: '24 Hours Standard' },
      job_status: { status: 'Scheduled' },
      remarks: 'Keys with the agent; the side gate is open.',
      failure_reason: null,
      staff_note: [{ note: 'Audio is clear; starting now.', created_at: '2026-11-12T14:00:00.000Z' }],
    })
  })

  it('includes both ends of the range', async () => {
    const list = (await dashboard(alice, day(12).getTime(), day(12).getTime())).json()
    expect(list).toHaveLength(1)
  })

  it('never shows another clerk’s jobs', async () => {
    const list = (await dashboard(bob, day(1).getTime(), day(30).getTime())).json()
    expect(list.map((j: { property_address: string }) => j.property_address)).toEqual(['Bob’s job'])
  })

  it('refuses a reversed or missing range, and a call without a session', async () => {
    const reversed = await dashboard(alice, day(15).getTime(), day(9).getTime())
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json()).toEqual({ detail: 'The start of the date range must not be after its end', code: 'invalid_input' })
    const missing = await t.app.inject({ method: 'GET', url: '/api/clerk/dashboard', headers: bearer(alice) })
    expect(missing.statusCode).toBe(400)
    expect((await dashboard(undefined, 0, 1)).statusCode).toBe(403)
  })

  describe('with a limit (a first page to draw while the whole list comes)', () => {
    const firstPage = (token: string, start: number, end: number, limit: string | number) =>
      t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=${start}&end=${end}&limit=${limit}`, headers: bearer(token) })
    const addresses = (response: { json: () => { property_address: string }[] }) => response.json().map((j) => j.property_address)
    const wide = [day(1).getTime(), day(30).getTime()] as const

    it('lists only the newest jobs and says in X-Total-Count how many the range holds, with no ETag', async () => {
      const response = await firstPage(alice, ...wide, 2)
      expect(response.statusCode).toBe(200)
      expect(addresses(response)).toEqual(['Out of range', '22 Acacia Avenue, Leeds LS1 4AB'])
      expect(response.headers['x-total-count']).toBe('3')
      expect(response.headers.etag).toBeUndefined()
      // Each job exactly as the whole list gives it.
      const whole = (await dashboard(alice, ...wide)).json()
      expect(response.json()).toEqual(whole.slice(0, 2))
    })

    it('gives the whole list, with its ETag, when the range holds no more than the limit; only the clerk’s own jobs', async () => {
      const all = await firstPage(alice, day(9).getTime(), day(15).getTime(), 2)
      expect(addresses(all)).toEqual(['22 Acacia Avenue, Leeds LS1 4AB', '1 Old Road'])
      expect(all.headers['x-total-count']).toBe('2')
      const whole = await dashboard(alice, day(9).getTime(), day(15).getTime())
      expect(all.headers.etag).toBe(whole.headers.etag)
      expect(all.body).toBe(whole.body)
      const bobs = await firstPage(bob, ...wide, 10)
      expect(addresses(bobs)).toEqual(['Bob’s job'])
      expect(bobs.headers['x-total-count']).toBe('1')
    })

    it('is compressed when asked, like the whole list', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/clerk/dashboard?start=${wide[0]}&end=${wide[1]}&limit=1`,
        headers: { ...bearer(alice), 'accept-encoding': 'br' },
      })
      expect(response.headers['content-encoding']).toBe('br')
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).map((j: { property_address: string }) => j.property_address)).toEqual(['Out of range'])
    })

    it('refuses a limit that is not a whole number from 1 to 100', async () => {
      for (const limit of [0, 101, 2.5, 'ten']) expect((await firstPage(alice, ...wide, limit)).statusCode).toBe(400)
      expect((await firstPage(alice, ...wide, 100)).statusCode).toBe(200)
    })
  })
})
