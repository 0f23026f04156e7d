// POST /clerk/create-job making jobs through the real route on a real database with real stored files:
// the answer, the job in the clerk's list (Submitted, with its audio, template and supporting files,
// each downloadable by its owner only), the charge and the notification, the price per started minute,
// the deadline, and a repeated submit making one job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { notificationsRepository } from '../../src/repositories/notifications-repository.ts'
import { bearer, createTestApp, multipart, type FilePart, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, DOCX, lookupIds, makeFolder, PDF, PNG, storedFiles, submitJob, writtenFor, type Clerk, type JobFormFields } from './support.ts'

interface ListedJob {
  job_id: number
  property_address: string
  created_at: string
  sla_deadline: string
  priority: string
  audio_duration: number
  cost: number
  audio_files: string[]
  template_files: string[]
  support_files: string[]
  report_type: { name: string }
  job_type: { name: string }
  sla_slot: { name: string }
  job_status: { status: string }
}

const HOUR = 3_600_000
const encodePath = (key: string) => key.split('/').map(encodeURIComponent).join('/')

describe('create-job', () => {
  let t: TestApp
  let alice: Clerk
  let bob: Clerk
  let ids: Awaited<ReturnType<typeof lookupIds>>

  beforeAll(async () => {
    t = await createTestApp()
    alice = await clerkWithCredits(t, 'alice.creates@example.com', 100_00)
    bob = await clerkWithCredits(t, 'bob.creates@example.com', 100_00)
    ids = await lookupIds(t)
  })
  afterAll(() => t.app.close())

  const folderFor = (clerk: Clerk, seconds: number[]) => makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds })
  const ai = (folderToken: string): JobFormFields => ({
    propertyAddress: '  14 Willow Crescent, Harrogate HG2 7QD ',
    reportTypeId: String(ids.reportType.Inventory),
    jobTypeId: String(ids.jobType.AI),
    slaSlotId: String(ids.slot['1 Hour Priority']),
    remarks: '',
    folderToken,
  })
  const human = (folderToken: string, slot = '24 Hours Standard'): JobFormFields => ({
    ...ai(folderToken),
    jobTypeId: String(ids.jobType.Human),
    slaSlotId: String(ids.slot[slot]),
    remarks: 'Keys with the agent.',
  })
  const listed = async (clerk: Clerk, jobId: number): Promise<ListedJob | undefined> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${Date.now() + 60_000}`, headers: bearer(clerk.token) })
    return (response.json() as ListedJob[]).find((job) => job.job_id === jobId)
  }
  const download = (clerk: Clerk, kind: string, key: string) => t.app.inject({ method: 'GET', url: `/api/files/${kind}/${encodePath(key)}`, headers: bearer(clerk.token) })
  const balance = (clerk: Clerk) => creditsRepository.balanceCents(t.database.db, clerk.userId)
  /** The job was created as the answer says, and only its owner downloads each of its files. */
  async function expectDownloads(jobId: number, files: [kind: string, key: string, bytes: Buffer][]) {
    for (const [kind, key, bytes] of files) {
      const own = await download(alice, kind, key)
      expect([own.statusCode, own.rawPayload.equals(bytes)], `${kind} ${key}`).toEqual([200, true])
      expect((await download(bob, kind, key)).json()).toEqual({ detail: 'Not found', code: 'not_found' })
    }
    expect(jobId).toBeGreaterThan(0)
  }

  it('creates an AI job: one audio file, no documents, High priority, due in an hour, charged per started minute', async () => {
    const folder = await folderFor(alice, [90.5])
    const before = Date.now()
    const response = await submitJob(t, alice.token, ai(folder.token))
    const after = Date.now()
    expect(response.statusCode).toBe(200)
    const answer = response.json()
    expect(answer).toEqual({ success: true, message: 'Job created successfully.', job_id: expect.any(Number), expectedCompletion: expect.any(String) })
    const deadline = Date.parse(answer.expectedCompletion)
    expect(deadline).toBeGreaterThanOrEqual(before + HOUR)
    expect(deadline).toBeLessThanOrEqual(after + HOUR)

    const job = await listed(alice, answer.job_id)
    expect(job).toEqual({
      job_id: answer.job_id,
      property_address: '14 Willow Crescent, Harrogate HG2 7QD',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      sla_deadline: answer.expectedCompletion,
      priority: 'High',
      audio_duration: 90.5,
      cost: 1,
      audio_files: folder.keys,
      template_files: [],
      support_files: [],
      transcript_files: [],
      report_type: { name: 'Inventory' },
      job_type: { name: 'AI' },
      sla_slot: { name: '1 Hour Priority' },
      job_status: { status: 'Submitted' },
      staff_note: [],
      remarks: '',
      failure_reason: null,
    })
    // The deadline is the submission time plus the slot's hours, exactly.
    expect(Date.parse(job!.sla_deadline) - Date.parse(job!.created_at)).toBe(HOUR)
    expect(await balance(alice)).toBe(99_00)
    expect((await notificationsRepository.list(t.database.db, alice.userId))[0]!.message).toBe(`Job #${answer.job_id} was submitted; 1.00 credits were charged.`)
    const audio = await t.app.storage.open(folder.keys[0]!)
    const bytes = Buffer.concat(await audio!.stream.toArray())
    await expectDownloads(answer.job_id, [['10', folder.keys[0]!, bytes]])
  })

  it('creates a Human job with a copy of the default template and two supporting documents; deleting the default later keeps the job’s copy', async () => {
    const upload = multipart({ template_name: 'Inventory Standard' }, [{ name: 'template_file', filename: 'Standard.pdf', content: PDF }])
    const added = await t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...upload.headers, ...bearer(alice.token) }, payload: upload.payload })
    expect(added.statusCode).toBe(200)
    const [template] = (await t.app.inject({ method: 'GET', url: '/api/clerk-template', headers: bearer(alice.token) })).json()
    const folder = await folderFor(alice, [60, 0.6])
    const support: FilePart[] = [
      { name: 'support_files', filename: 'Floor plan.pdf', content: PDF },
      { name: 'support_files', filename: 'Meter.png', content: PNG },
    ]
    const response = await submitJob(t, alice.token, { ...human(folder.token), templateName: 'Inventory Standard' }, support)
    expect(response.statusCode).toBe(200)
    const { job_id: jobId, expectedCompletion } = response.json()

    const job = (await listed(alice, jobId))!
    expect(job).toMatchObject({ priority: 'Normal', audio_duration: 60.6, cost: 3.2, job_type: { name: 'Human' }, sla_slot: { name: '24 Hours Standard' }, job_status: { status: 'Submitted' } })
    expect(Date.parse(expectedCompletion) - Date.parse(job.created_at)).toBe(24 * HOUR)
    expect(job.audio_files).toEqual(folder.keys)
    // A copy of its own, under the job's files, named as the default is.
    expect(job.template_files).toEqual([expect.stringMatching(new RegExp(`^clerks/${alice.userId}/jobs/[0-9a-f-]+/template/[0-9a-f-]+/Standard\\.pdf$`))])
    expect(job.template_files[0]).not.toBe(template.template_file)
    expect(job.support_files.map((key) => key.split('/').pop())).toEqual(['Floor plan.pdf', 'Meter.png'])
    expect(await balance(alice)).toBe(99_00 - 3_20)

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/clerk-template/${template.id}`, headers: bearer(alice.token) })
    expect(removed.statusCode).toBe(200)
    await expectDownloads(jobId, [
      ['11', job.template_files[0]!, PDF],
      ['12', job.support_files[0]!, PDF],
      ['12', job.support_files[1]!, PNG],
    ])
  })

  it('creates a Human job with a custom template (the default is not needed)', async () => {
    const folder = await folderFor(alice, [1800])
    const response = await submitJob(t, alice.token, human(folder.token, '72 Hours Economy'), [{ name: 'template_files', filename: 'Inspection.docx', content: DOCX }])
    expect(response.statusCode).toBe(200)
    const job = (await listed(alice, response.json().job_id))!
    expect(job).toMatchObject({ cost: 36, support_files: [], sla_slot: { name: '72 Hours Economy' } })
    expect(Date.parse(job.sla_deadline) - Date.parse(job.created_at)).toBe(72 * HOUR)
    expect(job.template_files.map((key) => key.split('/').pop())).toEqual(['Inspection.docx'])
    await expectDownloads(job.job_id, [['11', job.template_files[0]!, DOCX]])
  })

  it('prices every started minute of the measured audio, at least one', async () => {
    const carol = await clerkWithCredits(t, 'carol.prices@example.com', 100_00)
    // AI: 0.50 credits per started minute.
    for (const [seconds, cents] of [
      [[0.4], 50],
      [[60], 50],
      // The length rounded to the second first: 60.499 s is 60 s (one minute), 60.5 s is 61 s (two).
      [[60.499], 50],
      [[60.5], 1_00],
      [[119.999], 1_00],
      [[7200], 60_00],
    ] as const) {
      const folder = await makeFolder(t, carol.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [...seconds] })
      const before = await balance(carol)
      const response = await submitJob(t, carol.token, ai(folder.token))
      expect(response.statusCode, `${seconds}`).toBe(200)
      expect(before - (await balance(carol)), `${seconds} s`).toBe(cents)
    }
    // Human, 48 hours: 1.40 per started minute of all the files together (59.5 + 1.1 s is 2 minutes).
    const folder = await makeFolder(t, carol.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [59.5, 1.1] })
    const before = await balance(carol)
    expect((await submitJob(t, carol.token, human(folder.token, '48 Hours'), [{ name: 'template_files', filename: 'T.pdf', content: PDF }])).statusCode).toBe(200)
    expect(before - (await balance(carol))).toBe(2_80)
  })

  it('answers a repeated submit with the same Idempotency-Key with the first job, charged once, keeping none of the retry’s files', async () => {
    const dora = await clerkWithCredits(t, 'dora.double@example.com', 10_00)
    const folder = await makeFolder(t, dora.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [90] })
    const files: FilePart[] = [
      { name: 'template_files', filename: 'Template.pdf', content: PDF },
      { name: 'support_files', filename: 'Plan.pdf', content: PDF },
    ]
    const first = await submitJob(t, dora.token, human(folder.token), files, 'submit-dora-1')
    expect(first.statusCode).toBe(200)
    const stored = storedFiles(t)
    // A retry after a lost answer, and a double tap: both sent while nothing else changed.
    const retries = await Promise.all([1, 2].map(() => submitJob(t, dora.token, human(folder.token), files, 'submit-dora-1')))
    for (const retry of retries) expect([retry.statusCode, retry.json()]).toEqual([200, first.json()])
    expect(await writtenFor(t, dora.userId, folder.token)).toEqual({ jobs: 1, entries: 2, folderUsed: true })
    expect(await balance(dora)).toBe(10_00 - 3_20)
    expect(storedFiles(t)).toEqual(stored)
  })

  it('makes one job of one folder: a second submit under another key, or none, is refused and keeps nothing', async () => {
    const ed = await clerkWithCredits(t, 'ed.twice@example.com', 10_00)
    const folder = await makeFolder(t, ed.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [90] })
    const files: FilePart[] = [{ name: 'template_files', filename: 'Template.pdf', content: PDF }]
    const first = await submitJob(t, ed.token, human(folder.token), files, 'submit-ed-1')
    expect(first.statusCode).toBe(200)
    const stored = storedFiles(t)
    const used = { detail: `This audio was already submitted as job #${first.json().job_id}. Please check My Jobs.`, code: 'duplicate_request' }
    for (const key of ['submit-ed-2', undefined]) {
      const second = await submitJob(t, ed.token, human(folder.token), files, key)
      expect([second.statusCode, second.json()]).toEqual([409, used])
    }
    expect(await writtenFor(t, ed.userId, folder.token)).toEqual({ jobs: 1, entries: 2, folderUsed: true })
    expect(await balance(ed)).toBe(10_00 - 3_20)
    expect(storedFiles(t)).toEqual(stored)
  })

  it('answers another clerk’s folder token as Not found and leaves that folder alone', async () => {
    const bobs = await folderFor(bob, [90])
    const response = await submitJob(t, alice.token, ai(bobs.token))
    expect([response.statusCode, response.json()]).toEqual([404, { detail: 'Not found', code: 'not_found' }])
    expect(await writtenFor(t, bob.userId, bobs.token)).toEqual({ jobs: 0, entries: 1, folderUsed: false })
    // Bob's own submit of it still works.
    expect((await submitJob(t, bob.token, ai(bobs.token))).statusCode).toBe(200)
  })
})
