// GET /api/clerk/calculate-cost/:folderToken through the real application on both databases: a folder
// calculate-cost stored answers the same cost answer again (so a draft kept on the device does not
// upload its audio twice); an unknown, malformed, unfinished or another clerk's folder is Not found,
// an expired one 410 folder_expired and a used one 409 duplicate_request, the refusals create-job gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost } from './calculate-cost-support.ts'
import { clerkWithCredits, lookupIds, makeFolder, submitJob, type Clerk } from './support.ts'

describe('GET /clerk/calculate-cost/:folderToken', () => {
  let t: TestApp
  let alice: Clerk
  let bob: Clerk
  let ids: Awaited<ReturnType<typeof lookupIds>>
  beforeAll(async () => {
    t = await createTestApp()
    alice = await clerkWithCredits(t, 'alice.stored@example.com', 10_00)
    bob = await clerkWithCredits(t, 'bob.stored@example.com', 0)
    ids = await lookupIds(t)
  })
  afterAll(() => t.app.close())

  const ask = (token: string, clerk: Clerk | null = alice) =>
    t.app.inject({ method: 'GET', url: `/api/clerk/calculate-cost/${encodeURIComponent(token)}`, headers: clerk ? bearer(clerk.token) : {} })
  const notFound = { detail: 'Not found', code: 'not_found' }

  it('answers exactly what calculate-cost answered for the folder it stored', async () => {
    const sent = await calculateCost(t, alice.token, [audio('Kitchen.wav', toneWav(61.5)), audio('Hall.wav', toneWav(2.25))], { report_type_id: String(ids.reportType.Inventory) })
    expect(sent.statusCode).toBe(200)
    const response = await ask(sent.json().folder_token)
    expect([response.statusCode, response.json()]).toEqual([200, sent.json()])
    expect(response.json()).toMatchObject({ audio_minutes: 2, audio_files: [{ file_name: 'Kitchen.wav' }, { file_name: 'Hall.wav' }] })
  })

  it('prices a stored folder from its stored durations, every offered option', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000)
    const { token } = await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [40.25, 50], expiresAt })
    const response = await ask(token)
    expect(response.statusCode).toBe(200)
    const answer = response.json()
    expect(answer).toMatchObject({
      folder_token: token,
      audio_minutes: 2,
      audio_duration: 90.25,
      audio_files: [
        { file_name: 'Recording 1.wav', duration: 40.25, size: expect.any(Number) },
        { file_name: 'Recording 2.wav', duration: 50, size: expect.any(Number) },
      ],
      expires_at: expiresAt.toISOString(),
    })
    // 2 started minutes at the seeded prices: AI 0.50 a minute, Human 24 h 1.60 a minute.
    expect(answer.cost).toContainEqual(expect.objectContaining({ job_type_name: 'AI', sla_slot_name: '1 Hour Priority', cost: 1 }))
    expect(answer.cost).toContainEqual(expect.objectContaining({ job_type_name: 'Human', sla_slot_name: '24 Hours Standard', cost: 3.2 }))
  })

  it('answers Not found for an unknown, malformed or unfinished folder, and for another clerk’s', async () => {
    const { token } = await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30] })
    const reserved = crypto.randomUUID()
    await uploadFoldersRepository.create(t.database.db, { token: reserved, userId: alice.userId, reportTypeId: ids.reportType.Inventory!, audioDurationSeconds: '0.000', expiresAt: new Date(Date.now() + 3_600_000) }, [])
    for (const unknown of ['not-a-token', '00000000-0000-4000-8000-000000000000', reserved]) {
      const response = await ask(unknown)
      expect([unknown, response.statusCode, response.json()]).toEqual([unknown, 404, notFound])
    }
    const asBob = await ask(token, bob)
    expect([asBob.statusCode, asBob.json()]).toEqual([404, notFound])
    // No session: refused as every clerk route refuses it (portal-spec.md §4, 403).
    expect((await ask(token, null)).statusCode).toBe(403)
  })

  it('refuses an expired folder with 410 folder_expired and the words to calculate again', async () => {
    const { token } = await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30], expiresAt: new Date(Date.now() - 1000) })
    const response = await ask(token)
    expect([response.statusCode, response.json()]).toEqual([
      410,
      { detail: 'The uploaded audio has expired. Please upload it again and calculate the cost again.', code: 'folder_expired' },
    ])
  })

  it('refuses a folder a job was made from with 409 duplicate_request, naming the job', async () => {
    const { token } = await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30] })
    const job = await submitJob(t, alice.token, {
      propertyAddress: '14 Willow Crescent, Harrogate HG2 7QD',
      reportTypeId: String(ids.reportType.Inventory),
      jobTypeId: String(ids.jobType.AI),
      slaSlotId: String(ids.slot['1 Hour Priority']),
      remarks: '',
      folderToken: token,
    })
    expect(job.statusCode).toBe(200)
    const response = await ask(token)
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { detail: `This audio was already submitted as job #${job.json().job_id}. Please check My Jobs.`, code: 'duplicate_request' },
    ])
  })
})
