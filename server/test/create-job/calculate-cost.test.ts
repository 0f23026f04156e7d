// POST /api/clerk/calculate-cost through the real application (real multipart, real storage, real
// ffmpeg, both databases): small WAVs of exact lengths priced per started minute, several files summed,
// the folder kept for its clerk only, and every bad input answered with its words naming the file and
// its code, with nothing left in storage or in the folder tables. The recorders' hard cases (VBR MP3,
// streamed WebM, M4A, truncated files...) are in server/test/audio/calculate-cost-durations.test.ts.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { SEED_ALLOWED_FILE_TYPES } from '../../src/db/seed-data.ts'
import { uploadFolderPrefix, uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost, firstReportTypeId, leftovers, NOTHING, storedFiles } from './calculate-cost-support.ts'

const ALLOWED = [...SEED_ALLOWED_FILE_TYPES.audio].sort().join(', ')

describe('calculate-cost', () => {
  let t: TestApp
  let alice: string
  let aliceId: string
  let bob: string
  let bobId: string
  let reportType: string
  beforeAll(async () => {
    t = await createTestApp()
    aliceId = await clerkId(t, 'alice@example.com')
    bobId = await clerkId(t, 'bob@example.com')
    alice = (await signIn(t, 'alice@example.com')).token
    bob = (await signIn(t, 'bob@example.com')).token
    reportType = String(await firstReportTypeId(t))
  })
  afterAll(() => t.app.close())
  // Each test starts with no folder, so what a refused request leaves is exactly nothing.
  beforeEach(async () => {
    for (const userId of [aliceId, bobId]) {
      for (const { token } of await uploadFoldersRepository.expiredUnused(t.database.db, { expiredBefore: new Date(Date.now() + 365 * 86_400_000), leaseEndedBefore: new Date(Date.now() + 365 * 86_400_000) }, 1000)) {
        await t.app.storage.removePrefix(uploadFolderPrefix(userId, token))
        await uploadFoldersRepository.removeUnused(t.database.db, token)
      }
    }
  })

  const send = (files: Parameters<typeof calculateCost>[2], fields: Record<string, string> = { report_type_id: reportType }, token: string | null = alice) =>
    calculateCost(t, token, files, fields)

  it('measures one file, prices every offered option in credits, and keeps the folder for its clerk', async () => {
    const wav = toneWav(60.5)
    const before = Date.now()
    const response = await send([audio('Kitchen.wav', wav)])
    expect(response.statusCode).toBe(200)
    const answer = response.json()
    expect(answer).toEqual({
      cost: [
        { job_type_id: expect.any(Number), job_type_name: 'AI', sla_slot_id: expect.any(Number), sla_slot_name: '1 Hour Priority', cost: 1 },
        { job_type_id: expect.any(Number), job_type_name: 'AI + Proofreading', sla_slot_id: expect.any(Number), sla_slot_name: '24 Hours Standard', cost: 2 },
        { job_type_id: expect.any(Number), job_type_name: 'AI + Proofreading', sla_slot_id: expect.any(Number), sla_slot_name: '48 Hours', cost: 1.8 },
        { job_type_id: expect.any(Number), job_type_name: 'AI + Proofreading', sla_slot_id: expect.any(Number), sla_slot_name: '72 Hours Economy', cost: 1.6 },
        { job_type_id: expect.any(Number), job_type_name: 'Human', sla_slot_id: expect.any(Number), sla_slot_name: '24 Hours Standard', cost: 3.2 },
        { job_type_id: expect.any(Number), job_type_name: 'Human', sla_slot_id: expect.any(Number), sla_slot_name: '48 Hours', cost: 2.8 },
        { job_type_id: expect.any(Number), job_type_name: 'Human', sla_slot_id: expect.any(Number), sla_slot_name: '72 Hours Economy', cost: 2.4 },
      ],
      audio_minutes: 2,
      folder_token: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      audio_duration: 60.5,
      audio_files: [{ file_name: 'Kitchen.wav', duration: 60.5, size: wav.length }],
      expires_at: expect.any(String),
    })
    const expiresIn = Date.parse(answer.expires_at) - before
    expect(expiresIn).toBeGreaterThanOrEqual(24 * 3600_000)
    expect(expiresIn).toBeLessThan(24 * 3600_000 + 60_000)

    const kept = await uploadFoldersRepository.findOwned(t.database.db, aliceId, answer.folder_token)
    expect(kept?.folder).toMatchObject({ userId: aliceId, reportTypeId: Number(reportType), audioDurationSeconds: '60.500', usedAt: null, jobId: null })
    expect(kept?.files.map(({ fileName, sizeBytes, durationSeconds, position }) => ({ fileName, sizeBytes, durationSeconds, position }))).toEqual([
      { fileName: 'Kitchen.wav', sizeBytes: wav.length, durationSeconds: '60.500', position: 0 },
    ])
    const key = kept!.files[0]!.fileKey
    expect(key.startsWith(uploadFolderPrefix(aliceId, answer.folder_token))).toBe(true)
    expect(await storedFiles(t)).toEqual([key])
    expect(await uploadFoldersRepository.findOwned(t.database.db, bobId, answer.folder_token)).toBeUndefined()
  })

  it.each([
    [59.9, 1],
    [60.0, 1],
    // Whole seconds first (docs/decisions/whole-seconds-before-minutes.md): 60.499 s is 60 s, 60.5 s is 61 s.
    [60.499, 1],
    [60.5, 2],
    [0.5, 1],
  ])('charges %s s of audio as %i started minute(s)', async (seconds, minutes) => {
    const answer = (await send([audio('hall.wav', toneWav(seconds))])).json()
    expect({ minutes: answer.audio_minutes, duration: answer.audio_duration, ai: answer.cost[0].cost, human: answer.cost[4].cost }).toEqual({
      minutes,
      duration: seconds,
      ai: 0.5 * minutes,
      human: 1.6 * minutes,
    })
  })

  it('sums several files, each measured, and prices the total as one', async () => {
    const response = await send([audio('hall.wav', toneWav(30.25)), audio('kitchen.wav', toneWav(29.8)), audio('garden.wav', toneWav(0.5))])
    const answer = response.json()
    expect(answer.audio_files.map((file: { file_name: string; duration: number }) => [file.file_name, file.duration])).toEqual([
      ['hall.wav', 30.25],
      ['kitchen.wav', 29.8],
      ['garden.wav', 0.5],
    ])
    expect({ duration: answer.audio_duration, minutes: answer.audio_minutes }).toEqual({ duration: 60.55, minutes: 2 })
    const kept = await uploadFoldersRepository.findOwned(t.database.db, aliceId, answer.folder_token)
    expect(kept?.folder.audioDurationSeconds).toBe('60.550')
    expect(kept?.files.map((file) => file.fileName)).toEqual(['hall.wav', 'kitchen.wav', 'garden.wav'])
    expect(await storedFiles(t)).toHaveLength(3)
  })

  const NOTES = Buffer.from('Kitchen: clean throughout. Oven: light soiling.\n'.repeat(50))
  // An M4A whose header is right and whose body is not audio: it passes the signature check, ffmpeg refuses it.
  const BROKEN_M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A isom', 'latin1'), randomBytes(20_000)])

  // A good file comes first where the form has one: it was received before the refusal, and is taken back too.
  const GOOD = audio('good.wav', toneWav(2))
  it.each([
    ['a renamed text file', [GOOD, audio('notes.mp3', NOTES)], 400, 'file_content_refused', '“notes.mp3” is not audio we can read. Please check the file and try again.'],
    ['an empty file', [GOOD, audio('empty.wav', '')], 400, 'file_content_refused', '“empty.wav” is not audio we can read. Please check the file and try again.'],
    ['a file that does not decode', [GOOD, audio('broken.m4a', BROKEN_M4A)], 400, 'file_content_refused', '“broken.m4a” is not audio we can read. Please check the file and try again.'],
    ['a wrong extension', [GOOD, audio('kitchen.txt', NOTES)], 400, 'file_type_refused', `“kitchen.txt” cannot be added. Only audio files of type ${ALLOWED} are allowed.`],
    ['no files', [], 400, 'file_required', 'At least one audio file is required to proceed.'],
    ['only a file under another name', [{ name: 'template_files', filename: 'hall.wav', content: toneWav(1) }], 400, 'file_required', 'At least one audio file is required to proceed.'],
  ] as const)('refuses %s with words naming it, and keeps nothing', async (_case, files, status, code, detail) => {
    const response = await send([...files])
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { detail, code } })
    expect(await leftovers(t)).toEqual(NOTHING)
  })

  it('takes back the good files when a later one does not decode', async () => {
    const response = await send([audio('good.wav', toneWav(2)), audio('also-good.wav', toneWav(3)), audio('broken.m4a', BROKEN_M4A)])
    expect(response.json()).toEqual({ detail: '“broken.m4a” is not audio we can read. Please check the file and try again.', code: 'file_content_refused' })
    expect(await leftovers(t)).toEqual(NOTHING)
  })

  it.each([
    ['missing', {}, 'Please choose a report type.'],
    ['unknown', { report_type_id: '999999' }, 'The chosen report type does not exist. Please choose another report type.'],
    ['not a number', { report_type_id: '1; drop table' }, 'The chosen report type does not exist. Please choose another report type.'],
  ])('refuses a report type that is %s, and keeps nothing', async (_case, fields, detail) => {
    const response = await send([audio('hall.wav', toneWav(2))], fields)
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { detail, code: 'invalid_input' } })
    expect(await leftovers(t)).toEqual(NOTHING)
  })

  it('refuses more than 20 files, and keeps none of them', async () => {
    const files = Array.from({ length: 21 }, (_, i) => audio(`room-${i + 1}.wav`, toneWav(0.2)))
    const response = await send(files)
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { detail: 'Please send at most 20 audio files for one job.', code: 'invalid_input' } })
    expect(await leftovers(t)).toEqual(NOTHING)
  })

  it('refuses a request that is not multipart with the same words', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { authorization: `Bearer ${alice}` }, payload: { report_type_id: 1 } })
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { detail: 'At least one audio file is required to proceed.', code: 'file_required' } })
  })

  it('answers 403 without a valid token, and reads no file', async () => {
    const response = await send([audio('hall.wav', toneWav(2))], { report_type_id: reportType }, null)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('session_ended')
    expect(await leftovers(t)).toEqual(NOTHING)
  })

  it('refuses a clerk holding 20 open folders (429) until one is used or expires; other clerks are not held back', async () => {
    const expiresAt = new Date(Date.now() + 3600_000)
    for (let i = 0; i < 20; i++) {
      await uploadFoldersRepository.create(t.database.db, { token: crypto.randomUUID(), userId: aliceId, reportTypeId: Number(reportType), audioDurationSeconds: '1.000', expiresAt }, [])
    }
    const refused = await send([audio('hall.wav', toneWav(2))])
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 429,
      body: {
        detail: 'You already have 20 calculated uploads waiting for a job. Please create a job from one of them, or try again once the oldest expires (24 hours after it was calculated).',
        code: 'rate_limited',
      },
    })
    expect(await storedFiles(t)).toEqual([])
    expect((await send([audio('hall.wav', toneWav(2))], { report_type_id: reportType }, bob)).statusCode).toBe(200)
  })
})
