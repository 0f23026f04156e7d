// Every refusal of POST /clerk/create-job, through the real route on a real database with real stored
// files: its exact answer, and that nothing of the submit stayed (no job, no charge, no file of the
// request in storage or its uploads in progress, the folder still unused), so the corrected submit works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditsRepository } from '../../src/repositories/credits-repository.ts'
import { uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { bearer, createTestApp, multipart, type FilePart, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, DOCX, EXE, lookupIds, makeFolder, PDF, PNG, storedFiles, submitJob, writtenFor, type Clerk, type JobFormFields } from './support.ts'

describe('create-job refusals', () => {
  let t: TestApp
  let alice: Clerk
  let ids: Awaited<ReturnType<typeof lookupIds>>
  /** One audio file of 90 s (Inventory): AI costs 1.00, Human 24 h 3.20. */
  let folder: string
  /** Two audio files (Inventory). */
  let twoFiles: string
  let baseline: string[]

  beforeAll(async () => {
    t = await createTestApp()
    alice = await clerkWithCredits(t, 'alice.refused@example.com', 10_00)
    ids = await lookupIds(t)
    folder = (await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [90] })).token
    twoFiles = (await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [40, 50] })).token
    baseline = storedFiles(t)
  })
  afterAll(() => t.app.close())

  const ai = (): JobFormFields => ({
    propertyAddress: '14 Willow Crescent, Harrogate HG2 7QD',
    reportTypeId: String(ids.reportType.Inventory),
    jobTypeId: String(ids.jobType.AI),
    slaSlotId: String(ids.slot['1 Hour Priority']),
    remarks: '',
    folderToken: folder,
  })
  const human = (): JobFormFields => ({ ...ai(), jobTypeId: String(ids.jobType.Human), slaSlotId: String(ids.slot['24 Hours Standard']) })
  /** A custom template and two supporting documents: a refused submit must take all three back. */
  const documents: FilePart[] = [
    { name: 'template_files', filename: 'Inventory template.docx', content: DOCX },
    { name: 'support_files', filename: 'Floor plan.pdf', content: PDF },
    { name: 'support_files', filename: 'Meter.png', content: PNG },
  ]

  /** The answer, and that the submit left nothing: no job or charge (the one entry is the credit), no new file, the folders unused. */
  async function refused(response: Awaited<ReturnType<typeof submitJob>>, status: number, body: { detail: string; code: string }) {
    expect([response.statusCode, response.json()]).toEqual([status, body])
    expect(await writtenFor(t, alice.userId, folder)).toEqual({ jobs: 0, entries: 1, folderUsed: false })
    expect(await writtenFor(t, alice.userId, twoFiles)).toEqual({ jobs: 0, entries: 1, folderUsed: false })
    expect(await creditsRepository.balanceCents(t.database.db, alice.userId)).toBe(10_00)
    expect(storedFiles(t)).toEqual(baseline)
  }
  const invalid = (detail: string) => ({ detail, code: 'invalid_input' })

  it('refuses a job not sent as a form, and a malformed Idempotency-Key, before receiving anything', async () => {
    const asJson = await t.app.inject({ method: 'POST', url: '/api/clerk/create-job', headers: bearer(alice.token), payload: { property_address: 'x' } })
    await refused(asJson, 400, { detail: 'The job was not sent as a form. Please submit it again from Create Job.', code: 'file_required' })
    for (const key of ['has a space', 'x'.repeat(201)]) {
      await refused(await submitJob(t, alice.token, human(), documents, key), 400, invalid('The Idempotency-Key header must be 1 to 200 visible ASCII characters.'))
    }
  })

  it('refuses a blank, too long or NUL-carrying property address', async () => {
    for (const propertyAddress of [undefined, '', '   \n ']) {
      await refused(await submitJob(t, alice.token, { ...human(), propertyAddress }, documents), 400, invalid('Property address is required'))
    }
    await refused(await submitJob(t, alice.token, { ...human(), propertyAddress: 'a'.repeat(501) }, documents), 400, invalid('The property address can be at most 500 characters long'))
    await refused(await submitJob(t, alice.token, { ...human(), propertyAddress: '14 Willow\u0000 Crescent' }, documents), 400, invalid('The property address must not contain the NUL character (U+0000)'))
  })

  it('refuses a report type, job type or turnaround that is not a whole id of an existing row', async () => {
    for (const reportTypeId of [undefined, '', 'abc', '0', '-1', '1.5', '1e3', '2147483648', '999999']) {
      await refused(await submitJob(t, alice.token, { ...human(), reportTypeId }, documents), 400, invalid('Please choose a report type from the list.'))
    }
    for (const jobTypeId of [undefined, 'AI', '999999']) {
      await refused(await submitJob(t, alice.token, { ...human(), jobTypeId }, documents), 400, invalid('Please choose a job type from the list.'))
    }
    for (const slaSlotId of [undefined, '24', '999999']) {
      await refused(await submitJob(t, alice.token, { ...human(), slaSlotId }, documents), 400, invalid('Please choose a turnaround from the list.'))
    }
  })

  it('refuses a job type and turnaround that are not offered together', async () => {
    await refused(
      await submitJob(t, alice.token, { ...ai(), slaSlotId: String(ids.slot['24 Hours Standard']) }),
      400,
      invalid('The AI job type is not offered with the 24 Hours Standard turnaround. Please choose another option.'),
    )
    await refused(
      await submitJob(t, alice.token, { ...human(), slaSlotId: String(ids.slot['1 Hour Priority']) }, documents),
      400,
      invalid('The Human job type is not offered with the 1 Hour Priority turnaround. Please choose another option.'),
    )
  })

  it('refuses remarks that are too long or carry NUL', async () => {
    await refused(await submitJob(t, alice.token, { ...human(), remarks: 'r'.repeat(2001) }, documents), 400, invalid('The remarks can be at most 2000 characters long'))
    await refused(await submitJob(t, alice.token, { ...human(), remarks: 'Keys\u0000 with agent' }, documents), 400, invalid('The remarks must not contain the NUL character (U+0000)'))
  })

  it('refuses a missing folder token, and answers an unknown or malformed one as Not found', async () => {
    await refused(await submitJob(t, alice.token, { ...human(), folderToken: undefined }, documents), 400, invalid('Please upload the audio and calculate the cost before submitting the job.'))
    for (const folderToken of ['not-a-token', '00000000-0000-4000-8000-000000000000', `${folder}x`]) {
      await refused(await submitJob(t, alice.token, { ...human(), folderToken }, documents), 404, { detail: 'Not found', code: 'not_found' })
    }
  })

  it('answers a folder calculate-cost reserved but has not finished (no files yet) as Not found', async () => {
    const reserved = crypto.randomUUID()
    await uploadFoldersRepository.create(t.database.db, { token: reserved, userId: alice.userId, reportTypeId: ids.reportType.Inventory!, audioDurationSeconds: '0.000', expiresAt: new Date(Date.now() + 3_600_000) }, [])
    await refused(await submitJob(t, alice.token, { ...human(), folderToken: reserved }, documents), 404, { detail: 'Not found', code: 'not_found' })
    expect((await writtenFor(t, alice.userId, reserved)).folderUsed).toBe(false)
  })

  it('refuses an expired folder with words that say to calculate the cost again', async () => {
    const expired = await makeFolder(t, alice.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [30], expiresAt: new Date(Date.now() - 1000) })
    baseline = storedFiles(t)
    const response = await submitJob(t, alice.token, { ...human(), folderToken: expired.token }, documents)
    await refused(response, 410, { detail: 'The uploaded audio has expired. Please upload it again and calculate the cost again.', code: 'folder_expired' })
    expect((await writtenFor(t, alice.userId, expired.token)).folderUsed).toBe(false)
  })

  it('refuses a folder measured for another report type (its price was computed for that one)', async () => {
    await refused(
      await submitJob(t, alice.token, { ...human(), reportTypeId: String(ids.reportType['Check-in']) }, documents),
      400,
      invalid('The cost was calculated for another report type. Please calculate the cost again.'),
    )
  })

  it('refuses more than one audio file for AI and AI + Proofreading', async () => {
    const tooMany = invalid('For AI and AI + Proofreading jobs, only one audio file can be submitted.')
    await refused(await submitJob(t, alice.token, { ...ai(), folderToken: twoFiles }), 400, tooMany)
    const proofread = { ...human(), jobTypeId: String(ids.jobType['AI + Proofreading']), folderToken: twoFiles }
    await refused(await submitJob(t, alice.token, proofread, documents), 400, tooMany)
  })

  it('refuses documents sent with an AI job', async () => {
    const words = invalid('AI jobs take no template or supporting documents. Please remove them and submit again.')
    await refused(await submitJob(t, alice.token, ai(), [documents[0]!]), 400, words)
    await refused(await submitJob(t, alice.token, { ...ai(), templateName: 'Inventory Standard' }, [documents[1]!]), 400, words)
  })

  it('asks a human job for its template: a file, or the default one that must exist', async () => {
    const supportOnly = documents.slice(1)
    await refused(await submitJob(t, alice.token, human(), supportOnly), 400, { detail: 'Template file is required', code: 'file_required' })
    await refused(await submitJob(t, alice.token, { ...human(), templateName: 'Inventory Standard' }, supportOnly), 400, invalid('Template is required. No default templates available.'))
  })

  it('refuses a template or supporting document of a type not allowed, or whose content is not its type', async () => {
    await refused(await submitJob(t, alice.token, human(), [{ name: 'template_files', filename: 'run.exe', content: EXE }, ...documents.slice(1)]), 400, {
      detail: 'Only doc, docx, odt, pdf, rtf, txt files are allowed for templates.',
      code: 'file_type_refused',
    })
    await refused(await submitJob(t, alice.token, human(), [...documents, { name: 'support_files', filename: 'plan.dwg', content: EXE }]), 400, {
      detail: 'Only csv, doc, docx, heic, jpeg, jpg, odt, pdf, png, rtf, txt, xls, xlsx files are allowed for supporting documents.',
      code: 'file_type_refused',
    })
    await refused(await submitJob(t, alice.token, human(), [{ name: 'template_files', filename: 'Report.pdf', content: EXE }, ...documents.slice(1)]), 400, {
      detail: 'The content of Report.pdf does not match its type. Please attach the real document.',
      code: 'file_content_refused',
    })
    await refused(await submitJob(t, alice.token, human(), [...documents, { name: 'support_files', filename: 'Photo.png', content: PDF }]), 400, {
      detail: 'The content of Photo.png does not match its type. Please attach the real document.',
      code: 'file_content_refused',
    })
  })

  it('refuses a second template file and a 21st supporting document', async () => {
    await refused(await submitJob(t, alice.token, human(), [...documents, { name: 'template_files', filename: 'Second.pdf', content: PDF }]), 400, invalid('Only one template file can be attached to a job.'))
    const many = Array.from({ length: 21 }, (_, i): FilePart => ({ name: 'support_files', filename: `Photo ${i + 1}.png`, content: PNG }))
    await refused(await submitJob(t, alice.token, human(), [documents[0]!, ...many]), 400, invalid('At most 20 supporting documents can be attached to a job.'))
  })

  it('refuses a template over 20 MB and a supporting document over 50 MB', async () => {
    const over = (megabytes: number, head: Buffer) => Buffer.concat([head, Buffer.alloc(megabytes * 1024 * 1024 + 1 - head.length, 0x20)])
    await refused(await submitJob(t, alice.token, human(), [{ name: 'template_files', filename: 'Huge.pdf', content: over(20, PDF.subarray(0, 9)) }]), 413, {
      detail: 'The template Huge.pdf is larger than 20 MB.',
      code: 'file_too_large',
    })
    await refused(await submitJob(t, alice.token, human(), [...documents, { name: 'support_files', filename: 'Scan.pdf', content: over(50, PDF.subarray(0, 9)) }]), 413, {
      detail: 'The supporting document Scan.pdf is larger than 50 MB.',
      code: 'file_too_large',
    })
  })

  it('refuses a job that costs more than the balance, taking back its documents and the copied default template', async () => {
    const poor = await clerkWithCredits(t, 'paula.poor@example.com', 3_19)
    const template = multipart({ template_name: 'Inventory Standard' }, [{ name: 'template_file', filename: 'Standard.pdf', content: PDF }])
    const added = await t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...template.headers, ...bearer(poor.token) }, payload: template.payload })
    expect(added.statusCode).toBe(200)
    const own = await makeFolder(t, poor.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [90] })
    const before = storedFiles(t)
    const response = await submitJob(t, poor.token, { ...human(), folderToken: own.token, templateName: 'Inventory Standard' }, documents.slice(1))
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { detail: 'This job costs 3.20 credits, but your balance is 3.19. Please add credits and submit again.', code: 'insufficient_credits' },
    ])
    expect(await writtenFor(t, poor.userId, own.token)).toEqual({ jobs: 0, entries: 1, folderUsed: false })
    expect(storedFiles(t)).toEqual(before)
  })

  it('leaves the folder for the corrected submit, which makes the job', async () => {
    const response = await submitJob(t, alice.token, human(), documents)
    expect(response.statusCode).toBe(200)
    expect(await writtenFor(t, alice.userId, folder)).toEqual({ jobs: 1, entries: 2, folderUsed: true })
    expect(await creditsRepository.balanceCents(t.database.db, alice.userId)).toBe(6_80)
  })
})
