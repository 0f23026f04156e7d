// Calculate-cost's `join` (issue 25, "Joining recordings for an AI job") through the real route, real
// ffmpeg and both databases: two WebM/Opus recordings (as MediaRecorder writes them) are joined by
// stream copy (the joined file's packets are the parts' own), an Opus + MP3 pair by one re-encode to
// Opus; the joined length is measured, equals the parts' within 0.1 s and is what is priced; a job
// type that takes one file is then made from it. The same from finished tus uploads and from a folder
// priced before (join_folder); another clerk's uploads and folders answer as they do today; bad input
// is refused in words, leaving nothing behind.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinRecordings } from '../../src/audio/join-recordings.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { ffmpeg } from '../audio/generated-recordings.ts'
import { createTestApp, bearer, multipart, type FilePart, type TestApp } from '../support/test-app.ts'
import { createUpload, uploadIdOf, uploadInPieces } from '../uploads/tus-client.ts'
import { audio, calculateCost, folderRows, storedFiles } from './calculate-cost-support.ts'
import { clerkWithCredits, lookupIds, submitJob, type Clerk } from './support.ts'

const SPEECH = (seconds: number, rate = 48000) => ['-f', 'lavfi', '-i', `sine=f=300:r=${rate}:d=${seconds},volume=0.3`]

/** What ffmpeg copies of a file's first audio stream: one CRC per packet. */
function packetCrcs(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'framecrc', '-'], { stdio: ['ignore', 'pipe', 'ignore'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', () => resolve(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',')[5]!.trim())))
  })
}

/** The codec of a file's first audio stream, as framecrc's header names it. */
async function codecOf(file: string): Promise<string> {
  const header = await ffmpeg(['-i', file, '-map', '0:a:0', '-c', 'copy', '-frames:a', '1', '-f', 'framecrc', '-'])
  return /^#codec_id 0: (\S+)$/m.exec(header.toString())?.[1] ?? ''
}

describe('calculate-cost join', () => {
  let t: TestApp
  let alice: Clerk
  let bob: Clerk
  let ids: Awaited<ReturnType<typeof lookupIds>>
  let baseUrl: string
  const dir = mkdtempSync(path.join(os.tmpdir(), 'join-recordings-'))
  const at = (name: string) => path.join(dir, name)
  const bytes = (name: string) => readFileSync(at(name))
  const inventory = () => String(ids.reportType.Inventory)

  beforeAll(async () => {
    // MediaRecorder's WebM: written as it records (no duration, no cues), Opus at 32 kbit/s.
    const webm = (name: string, seconds: number) => ffmpeg([...SPEECH(seconds), '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1', at(name)])
    await Promise.all([
      webm('Kitchen.webm', 40.2),
      webm('Hall.webm', 35.5),
      ffmpeg([...SPEECH(20.4, 44100), '-c:a', 'libmp3lame', '-b:a', '64k', at('Garden.mp3')]),
    ])
    t = await createTestApp()
    alice = await clerkWithCredits(t, 'alice.joins@example.com', 100_00)
    bob = await clerkWithCredits(t, 'bob.joins@example.com', 100_00)
    ids = await lookupIds(t)
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await t.app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const price = (clerk: Clerk, names: string[], fields: Record<string, string> = {}) =>
    calculateCost(t, clerk.token, names.map((name) => audio(name, bytes(name))), { report_type_id: inventory(), ...fields })
  const storedPath = (key: string) => path.join(t.app.config.dataDir, 'files', key)
  async function folderFiles(clerk: Clerk, token: string) {
    return (await uploadFoldersRepository.findOwned(t.database.db, clerk.userId, token))!.files
  }
  const aiCost = (answer: { cost: { job_type_name: string; cost: number }[] }) => answer.cost.find((option) => option.job_type_name === 'AI')!.cost

  it('joins two WebM/Opus recordings by stream copy, measures the joined length and prices it as one file', async () => {
    const separate = (await price(alice, ['Kitchen.webm', 'Hall.webm'])).json()
    const response = await price(alice, ['Kitchen.webm', 'Hall.webm'], { join: 'true' })
    expect(response.statusCode).toBe(200)
    const joined = response.json()
    expect(joined.audio_files).toEqual([{ file_name: 'Joined recording.webm', duration: joined.audio_duration, size: expect.any(Number) }])
    expect(Math.abs(joined.audio_duration - separate.audio_duration)).toBeLessThan(0.1)
    expect(Math.abs(joined.audio_duration - 75.7)).toBeLessThan(0.1)
    // 76 s: 2 started minutes, AI at 0.50 a minute.
    expect([joined.audio_minutes, aiCost(joined)]).toEqual([2, 1])
    // The folder keeps the joined recording alone, and its packets are the parts' own, in order.
    const [file] = await folderFiles(alice, joined.folder_token)
    expect(storedFiles(t).filter((key) => key.includes(joined.folder_token))).toEqual([file!.fileKey])
    expect(await packetCrcs(storedPath(file!.fileKey))).toEqual([...(await packetCrcs(at('Kitchen.webm'))), ...(await packetCrcs(at('Hall.webm')))])
    // The GET of a stored folder answers the same.
    const again = await t.app.inject({ method: 'GET', url: `/api/clerk/calculate-cost/${joined.folder_token}`, headers: bearer(alice.token) })
    expect(again.json()).toEqual(joined)
  })

  it('joins an Opus and an MP3 recording by one re-encode to Opus, and an AI job is made from the joined folder', async () => {
    const response = await price(alice, ['Kitchen.webm', 'Garden.mp3'], { join: 'true' })
    expect(response.statusCode).toBe(200)
    const joined = response.json()
    expect(joined.audio_files).toEqual([{ file_name: 'Joined recording.webm', duration: joined.audio_duration, size: expect.any(Number) }])
    expect(Math.abs(joined.audio_duration - (40.2 + 20.4))).toBeLessThan(0.1)
    expect([joined.audio_minutes, aiCost(joined)]).toEqual([2, 1])
    const [file] = await folderFiles(alice, joined.folder_token)
    expect(await codecOf(storedPath(file!.fileKey))).toBe('opus')
    // Encoded anew: not the WebM's own packets.
    expect((await packetCrcs(storedPath(file!.fileKey))).slice(0, 10)).not.toEqual((await packetCrcs(at('Kitchen.webm'))).slice(0, 10))

    // AI takes one audio file: the joined folder makes the job, charged the joined length's price.
    const job = await submitJob(t, alice.token, {
      propertyAddress: '14 Willow Crescent, Harrogate HG2 7QD',
      reportTypeId: inventory(),
      jobTypeId: String(ids.jobType.AI),
      slaSlotId: String(ids.slot['1 Hour Priority']),
      remarks: '',
      folderToken: joined.folder_token,
    })
    expect([job.statusCode, job.json().message]).toEqual([200, 'Job created successfully.'])
  })

  it('tells which way the recordings were joined: copy for matching codecs, re-encode otherwise', async () => {
    const work = (name: string) => mkdtempSync(path.join(dir, name))
    const input = (name: string) => ({ filePath: at(name), fileName: name })
    expect((await joinRecordings([input('Kitchen.webm'), input('Hall.webm')], work('copy-'))).method).toBe('stream-copy')
    expect((await joinRecordings([input('Garden.mp3'), input('Garden.mp3')], work('mp3-'))).extension).toBe('mp3')
    expect((await joinRecordings([input('Kitchen.webm'), input('Garden.mp3')], work('encode-'))).method).toBe('re-encode')
  })

  it('joins finished tus uploads in the order named; another clerk’s upload is refused as today', async () => {
    const upload = async (clerk: Clerk, name: string) => {
      const content = bytes(name)
      const { location } = await createUpload(baseUrl, clerk.token, name, content.length)
      expect((await uploadInPieces(baseUrl, clerk.token, location, content, 2)).status).toBe(204)
      return uploadIdOf(location)
    }
    const hall = await upload(alice, 'Hall.webm')
    const kitchen = await upload(alice, 'Kitchen.webm')
    const bobs = await upload(bob, 'Garden.mp3')
    const withIds = (clerk: Clerk, uploadIds: string[]) => {
      const boundary = '----inspectscribeJoin'
      const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      const payload = [field('report_type_id', inventory()), ...uploadIds.map((id) => field('upload_ids', id)), field('join', 'true'), `--${boundary}--\r\n`].join('')
      return t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(clerk.token) }, payload })
    }
    const refused = await withIds(alice, [hall, bobs])
    expect([refused.statusCode, refused.json()]).toEqual([400, { detail: 'One of the uploaded files is not finished or no longer on the server. Please choose the file again.', code: 'upload_not_ready' }])

    const response = await withIds(alice, [hall, kitchen])
    expect(response.statusCode).toBe(200)
    const joined = response.json()
    expect(Math.abs(joined.audio_duration - 75.7)).toBeLessThan(0.1)
    const [file] = await folderFiles(alice, joined.folder_token)
    expect(await packetCrcs(storedPath(file!.fileKey))).toEqual([...(await packetCrcs(at('Hall.webm'))), ...(await packetCrcs(at('Kitchen.webm')))])
  })

  it('joins the recordings of a folder priced before (join_folder) without sending them again; the first folder stays', async () => {
    const first = (await price(alice, ['Kitchen.webm', 'Garden.mp3'])).json()
    const response = await calculateCost(t, alice.token, [], { report_type_id: inventory(), join: 'true', join_folder: first.folder_token })
    expect(response.statusCode).toBe(200)
    const joined = response.json()
    expect(joined.folder_token).not.toBe(first.folder_token)
    expect(joined.audio_files).toEqual([{ file_name: 'Joined recording.webm', duration: joined.audio_duration, size: expect.any(Number) }])
    expect(Math.abs(joined.audio_duration - first.audio_duration)).toBeLessThan(0.1)
    expect(aiCost(joined)).toBe(1)
    // The draft's originals are still priced on the server until a job is made (Human may still take them).
    const still = await t.app.inject({ method: 'GET', url: `/api/clerk/calculate-cost/${first.folder_token}`, headers: bearer(alice.token) })
    expect(still.json()).toEqual(first)
    // Another clerk's folder answers Not found, as GET calculate-cost/:folderToken does.
    const asBob = await calculateCost(t, bob.token, [], { report_type_id: inventory(), join: 'true', join_folder: first.folder_token })
    expect([asBob.statusCode, asBob.json()]).toEqual([404, { detail: 'Not found', code: 'not_found' }])
  })

  it.each<[string, () => { files: FilePart[]; fields: Record<string, string> }, number, string]>([
    ['a join of one file', () => ({ files: [audio('Kitchen.webm', bytes('Kitchen.webm'))], fields: { join: 'true' } }), 400, 'At least two audio files are needed to join them into one recording.'],
    ['a join value other than true', () => ({ files: [audio('A.wav', toneWav(2)), audio('B.wav', toneWav(2))], fields: { join: 'yes' } }), 400, 'The join field takes only the value true.'],
    ['join_folder without join', () => ({ files: [], fields: { join_folder: crypto.randomUUID() } }), 400, 'join_folder is only accepted together with join=true.'],
    ['join_folder with files', () => ({ files: [audio('A.wav', toneWav(2))], fields: { join: 'true', join_folder: crypto.randomUUID() } }), 400, 'Send either audio files or join_folder to join, not both.'],
    ['an unknown join_folder', () => ({ files: [], fields: { join: 'true', join_folder: 'not-a-folder' } }), 404, 'Not found'],
  ])('refuses %s in words, keeping nothing', async (_case, request, status, detail) => {
    const before = { stored: storedFiles(t), rows: await folderRows(t) }
    const { files, fields } = request()
    const { payload, headers } = multipart({ report_type_id: inventory(), ...fields }, files)
    const response = await t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { ...headers, ...bearer(alice.token) }, payload })
    expect([response.statusCode, response.json().detail]).toEqual([status, detail])
    expect({ stored: storedFiles(t), rows: await folderRows(t) }).toEqual(before)
  })

  it('refuses to join a folder of one recording', async () => {
    const single = (await price(alice, ['Garden.mp3'])).json()
    const response = await calculateCost(t, alice.token, [], { report_type_id: inventory(), join: 'true', join_folder: single.folder_token })
    expect([response.statusCode, response.json().detail]).toEqual([400, 'At least two audio files are needed to join them into one recording.'])
  })
})
