// Resumable uploads (tus 1.0.0 at /api/uploads, issue 25) through a real listening server, on both
// databases: create, PATCH in pieces, HEAD's offset after a cut, resume, finish, then calculate-cost
// from the upload's id with the same exact duration and price as the same file sent multipart; the
// owner's upload only (another clerk's answers 404), a token on every call, refusals in the clerk's
// words, termination, and the expiry sweep that never takes a finished or used upload early.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIO_MAX_BYTES } from '@contract/create-job.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { SEED_ALLOWED_FILE_TYPES } from '../../src/db/seed-data.ts'
import { resumableUploads } from '../../src/db/schema.ts'
import { resumableUploadsRepository } from '../../src/repositories/resumable-uploads-repository.ts'
import { uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { sweepResumableUploads } from '../../src/tasks/resumable-upload-sweep.ts'
import { audio, calculateCost, calculateCostWithIds, firstReportTypeId, storedFiles } from '../create-job/calculate-cost-support.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts'
import { createUpload, head, offsetOf, patch, tusRequest, uploadIdOf, uploadInPieces } from './tus-client.ts'

const ALLOWED = [...SEED_ALLOWED_FILE_TYPES.audio].sort().join(', ')
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const NOT_FOUND = { detail: 'This upload is no longer on the server. Please choose the file again.', code: 'not_found' }

describe('resumable uploads (tus)', () => {
  let t: TestApp
  let baseUrl: string
  let alice: string
  let aliceId: string
  let bob: string
  let reportType: string
  beforeAll(async () => {
    t = await createTestApp()
    aliceId = await clerkId(t, 'alice@example.com')
    await clerkId(t, 'bob@example.com')
    alice = (await signIn(t, 'alice@example.com')).token
    bob = (await signIn(t, 'bob@example.com')).token
    reportType = String(await firstReportTypeId(t))
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.app.close())

  const stagedDir = () => path.join(t.app.config.dataDir, 'resumable-uploads')
  const staged = (location: string) => path.join(stagedDir(), uploadIdOf(location))
  const priceUploads = (ids: string[]) => {
    // upload_ids repeats: one field per file, in order (the test multipart builder takes one value a
    // name, so the repeated fields are written into the body by hand).
    return calculateCostWithIds(t, alice, reportType, ids)
  }

  it('creates, takes the bytes in pieces, and prices the finished upload exactly as the same file sent whole', async () => {
    const wav = toneWav(60.5)
    const created = await createUpload(baseUrl, alice, 'Kitchen.wav', wav.length)
    expect(created.answer.status).toBe(201)
    expect(created.location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/)
    // The expiration extension: the upload says when it stops being resumable.
    const expires = Date.parse(String(created.answer.headers['upload-expires'] ?? ''))
    expect(expires - Date.now()).toBeGreaterThan(23 * 3600_000)

    const last = await uploadInPieces(baseUrl, alice, created.location, wav, 3)
    expect({ status: last.status, offset: last.headers['upload-offset'] }).toEqual({ status: 204, offset: String(wav.length) })
    expect(sha256(readFileSync(staged(created.location)))).toBe(sha256(wav))

    const fromUpload = await priceUploads([uploadIdOf(created.location)])
    expect(fromUpload.statusCode).toBe(200)
    const multipart = (await calculateCost(t, alice, [audio('Kitchen.wav', wav)], { report_type_id: reportType })).json()
    const answer = fromUpload.json()
    const comparable = (a: typeof answer) => ({ cost: a.cost, audio_minutes: a.audio_minutes, audio_duration: a.audio_duration, audio_files: a.audio_files })
    expect(comparable(answer)).toEqual(comparable(multipart))
    expect(comparable(answer)).toMatchObject({ audio_minutes: 2, audio_duration: 60.5, audio_files: [{ file_name: 'Kitchen.wav', duration: 60.5, size: wav.length }] })

    // The file is in the clerk's storage, in the folder, byte for byte; the staged copy is gone.
    const kept = await uploadFoldersRepository.findOwned(t.database.db, aliceId, answer.folder_token)
    const key = kept!.files[0]!.fileKey
    expect(storedFiles(t)).toContain(key)
    expect(sha256(readFileSync(path.join(t.app.config.dataDir, 'files', key)))).toBe(sha256(wav))
    expect(existsSync(staged(created.location))).toBe(false)
    // Used once: a second pricing, or a HEAD, finds it no longer there.
    expect((await priceUploads([uploadIdOf(created.location)])).json()).toEqual({
      detail: 'One of the uploaded files is not finished or no longer on the server. Please choose the file again.',
      code: 'upload_not_ready',
    })
    expect((await head(baseUrl, alice, created.location)).status).toBe(404)
  })

  it('keeps the priced folder when the staged copy cannot be removed after it is stored (the sweep takes it later)', async () => {
    const wav = toneWav(5)
    const created = await createUpload(baseUrl, alice, 'Porch.wav', wav.length)
    await uploadInPieces(baseUrl, alice, created.location, wav, 1)
    // Its description cannot be removed (a folder where the file was), as object storage away for a moment.
    const description = `${staged(created.location)}.json`
    rmSync(description)
    mkdirSync(path.join(description, 'stuck'), { recursive: true })

    const priced = await priceUploads([uploadIdOf(created.location)])
    expect(priced.statusCode).toBe(200)
    const kept = await uploadFoldersRepository.findOwned(t.database.db, aliceId, priced.json().folder_token)
    expect(kept!.files.map((file) => file.fileName)).toEqual(['Porch.wav'])
    expect(sha256(readFileSync(path.join(t.app.config.dataDir, 'files', kept!.files[0]!.fileKey)))).toBe(sha256(wav))
    rmSync(description, { recursive: true })
  })

  it('uses finished uploads under the names upload_names gives, in order, checked as multipart names are', async () => {
    const finished = async (name: string, wav: Buffer) => {
      const created = await createUpload(baseUrl, alice, name, wav.length)
      await uploadInPieces(baseUrl, alice, created.location, wav, 1)
      return uploadIdOf(created.location)
    }
    const [kitchenWav, hallWav] = [toneWav(3), toneWav(4)]
    const kitchen = await finished('Recording 1.wav', kitchenWav)
    const hall = await finished('Recording 2.wav', hallWav)

    // Refused, and nothing used: a count that does not match, a name of a type not allowed, a name
    // whose type is not what the content is.
    expect((await calculateCostWithIds(t, alice, reportType, [kitchen, hall], ['Kitchen and pantry.wav'])).json()).toEqual({
      detail: 'Each uploaded file needs one name: send upload_names once for each upload_ids, in the same order, or not at all.',
      code: 'invalid_input',
    })
    const wrongType = await calculateCostWithIds(t, alice, reportType, [kitchen, hall], ['Kitchen.exe', 'Hall.wav'])
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().detail).toBe(`“Kitchen.exe” cannot be added. Only audio files of type ${ALLOWED} are allowed.`)
    const wrongContent = await calculateCostWithIds(t, alice, reportType, [kitchen, hall], ['Kitchen.mp3', 'Hall.wav'])
    expect(wrongContent.statusCode).toBe(400)
    expect(wrongContent.json().detail).toBe('“Kitchen.mp3” is not audio we can read. Please check the file and try again.')

    // The clerk's names, cleaned as a multipart file name is (no folders, no control characters).
    const answer = await calculateCostWithIds(t, alice, reportType, [hall, kitchen], ['C:\\Users\\clerk\\Hall <upstairs>.wav', 'Kitchen and pantry.wav'])
    expect(answer.statusCode).toBe(200)
    expect(answer.json().audio_files).toEqual([
      { file_name: 'Hall upstairs.wav', duration: 4, size: hallWav.length },
      { file_name: 'Kitchen and pantry.wav', duration: 3, size: kitchenWav.length },
    ])
    const kept = await uploadFoldersRepository.findOwned(t.database.db, aliceId, answer.json().folder_token)
    expect(kept!.files.map((file) => file.fileName)).toEqual(['Hall upstairs.wav', 'Kitchen and pantry.wav'])
  })

  it('keeps what arrived before a cut, says so in HEAD, and resumes from there to the same bytes', async () => {
    const wav = toneWav(20)
    const { location } = await createUpload(baseUrl, alice, 'Hall.wav', wav.length)
    // Half the file is sent, then the connection drops (the client goes away mid-request).
    const body = new PassThrough()
    const cut = patch(baseUrl, alice, location, 0, body)
    const half = Math.floor(wav.length / 2)
    body.write(wav.subarray(0, half))
    await expect.poll(() => (existsSync(staged(location)) ? readFileSync(staged(location)).length : 0)).toBe(half)
    body.destroy(new Error('signal lost'))
    await cut

    await expect.poll(() => offsetOf(baseUrl, alice, location)).toBe(half)
    const resumed = await patch(baseUrl, alice, location, half, wav.subarray(half))
    expect({ status: resumed.status, offset: resumed.headers['upload-offset'] }).toEqual({ status: 204, offset: String(wav.length) })
    expect(sha256(readFileSync(staged(location)))).toBe(sha256(wav))
    // A PATCH that does not start where the file ends changes nothing (tus: 409).
    expect((await patch(baseUrl, alice, location, 0, wav.subarray(0, 10))).status).toBe(409)
    const priced = (await priceUploads([uploadIdOf(location)])).json()
    expect(priced.audio_files).toEqual([{ file_name: 'Hall.wav', duration: 20, size: wav.length }])
  })

  it('answers 404 to another clerk on HEAD, PATCH and DELETE, and keeps the upload', async () => {
    const wav = toneWav(2)
    const { location } = await createUpload(baseUrl, alice, 'Bedroom.wav', wav.length)
    await patch(baseUrl, alice, location, 0, wav.subarray(0, 100))
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const answer = await tusRequest(baseUrl, method, location, {
        token: bob,
        headers: method === 'PATCH' ? { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' } : {},
        body: method === 'PATCH' ? wav.subarray(100) : undefined,
      })
      expect({ method, status: answer.status, body: method === 'HEAD' ? null : JSON.parse(answer.body) }).toEqual({ method, status: 404, body: method === 'HEAD' ? null : NOT_FOUND })
    }
    expect(await offsetOf(baseUrl, alice, location)).toBe(100)
    // Nor can Bob price it.
    expect((await calculateCostWithIds(t, bob, reportType, [uploadIdOf(location)])).json().code).toBe('upload_not_ready')
  })

  it('answers 403 session_ended to every call without a valid token, as every protected route does', async () => {
    const { location } = await createUpload(baseUrl, alice, 'Loft.wav', 1000)
    const ended = { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }
    const refused = await createUpload(baseUrl, null, 'Loft.wav', 1000)
    expect({ status: refused.answer.status, body: JSON.parse(refused.answer.body) }).toEqual({ status: 403, body: ended })
    const patched = await patch(baseUrl, 'not-a-token', location, 0, Buffer.alloc(10))
    expect({ status: patched.status, body: JSON.parse(patched.body) }).toEqual({ status: 403, body: ended })
    expect((await head(baseUrl, null, location)).status).toBe(403)
    expect(await offsetOf(baseUrl, alice, location)).toBe(0)
  })

  it.each([
    ['a type not allowed', 'run.exe', 1000, 400, `“run.exe” cannot be added. Only audio files of type ${ALLOWED} are allowed.`],
    // tus's own size check answered first, in its words ("Maximum size exceeded"), before the hook's.
    ['a file over the limit', 'Huge.wav', AUDIO_MAX_BYTES + 1, 413, '“Huge.wav” is larger than 2 GB, the largest audio file a job can take.'],
    ['an empty file', 'Empty.wav', 0, 400, '“Empty.wav” is not audio we can read. Please check the file and try again.'],
  ] as const)('refuses at creation %s, keeping nothing', async (_case, name, size, status, words) => {
    const rowsBefore = await rowCount(t)
    const { answer } = await createUpload(baseUrl, alice, name, size)
    expect(answer.status).toBe(status)
    expect(answer.body).toBe(words)
    expect(await rowCount(t)).toBe(rowsBefore)
  })

  // Found by a hostile client against the running server: tus also takes bytes with the creation
  // (creation-with-upload, which this server does not offer); bytes past the declared length were
  // refused 413 only after the creation hook had written the row and tus the staged file, so an upload
  // was left whose address the client was never told.
  it('refuses bytes sent with the creation itself, keeping nothing', async () => {
    const rowsBefore = await rowCount(t)
    const stagedBefore = readdirSync(stagedDir()).length
    const answer = await tusRequest(baseUrl, 'POST', '/api/uploads', {
      token: alice,
      headers: { 'upload-length': '1000', 'upload-metadata': `filename ${Buffer.from('Cellar.wav').toString('base64')}`, 'content-type': 'application/offset+octet-stream' },
      body: toneWav(2),
    })
    const body = answer.headers['content-type']?.startsWith('application/json') ? JSON.parse(answer.body) : answer.body
    expect({ status: answer.status, body, location: answer.headers.location }).toEqual({
      status: 400,
      body: { detail: 'Create the upload without its bytes, then send them with PATCH: this server does not take bytes with the creation.', code: 'invalid_input' },
      location: undefined,
    })
    expect(await rowCount(t)).toBe(rowsBefore)
    expect(readdirSync(stagedDir()).length).toBe(stagedBefore)
  })

  it('refuses a finished upload whose content is not what its name says, and keeps nothing of it', async () => {
    const notes = Buffer.from('Kitchen: clean throughout.\n'.repeat(40))
    const { location } = await createUpload(baseUrl, alice, 'notes.mp3', notes.length)
    const finished = await patch(baseUrl, alice, location, 0, notes)
    expect({ status: finished.status, body: finished.body }).toEqual({ status: 400, body: '“notes.mp3” is not audio we can read. Please check the file and try again.' })
    expect(existsSync(staged(location))).toBe(false)
    expect(await resumableUploadsRepository.findById(t.database.db, uploadIdOf(location))).toBeNull()
    expect((await head(baseUrl, alice, location)).status).toBe(404)
  })

  it('takes an upload back on DELETE (termination): its file and its row', async () => {
    const { location } = await createUpload(baseUrl, alice, 'Garage.wav', 5000)
    await patch(baseUrl, alice, location, 0, toneWav(1).subarray(0, 1000))
    expect((await tusRequest(baseUrl, 'DELETE', location, { token: alice })).status).toBe(204)
    expect(existsSync(staged(location))).toBe(false)
    await expect.poll(() => resumableUploadsRepository.findById(t.database.db, uploadIdOf(location))).toBeNull()
    expect((await head(baseUrl, alice, location)).status).toBe(404)
  })

  it('sweeps unfinished uploads 24 h after creation, files and rows, and never a finished or used one early', async () => {
    const wav = toneWav(3)
    const unfinished = (await createUpload(baseUrl, alice, 'Porch.wav', wav.length)).location
    await patch(baseUrl, alice, unfinished, 0, wav.subarray(0, 500))
    const finished = (await createUpload(baseUrl, alice, 'Attic.wav', wav.length)).location
    await patch(baseUrl, alice, finished, 0, wav)
    const used = (await createUpload(baseUrl, alice, 'Cellar.wav', wav.length)).location
    await patch(baseUrl, alice, used, 0, wav)
    const folder = (await priceUploads([uploadIdOf(used)])).json().folder_token as string
    const folderKey = (await uploadFoldersRepository.findOwned(t.database.db, aliceId, folder))!.files[0]!.fileKey

    // Both unpriced uploads were created 25 h ago: the unfinished one has expired (24 h after its
    // creation); the finished one lives as long after finishing as a priced folder would, although
    // @tus/file-store's own cleanup (deleteExpired) takes any upload created that long ago.
    const dayAgo = new Date(Date.now() - 25 * 3600_000)
    for (const location of [unfinished, finished]) {
      await t.database.db
        .update(resumableUploads)
        .set({ createdAt: dayAgo, ...(location === unfinished ? { expiresAt: new Date(dayAgo.getTime() + 24 * 3600_000) } : {}) })
        .where(sql`${resumableUploads.id} = ${uploadIdOf(location)}`)
    }
    await sweepResumableUploads(t.app)
    expect(existsSync(staged(unfinished))).toBe(false)
    expect(existsSync(`${staged(unfinished)}.json`)).toBe(false)
    expect(await resumableUploadsRepository.findById(t.database.db, uploadIdOf(unfinished))).toBeNull()
    expect(sha256(readFileSync(staged(finished)))).toBe(sha256(wav))
    expect(await resumableUploadsRepository.findById(t.database.db, uploadIdOf(finished))).toMatchObject({ finishedAt: expect.any(Date) })
    expect(storedFiles(t)).toContain(folderKey)

    // A day (and a minute) after finishing, the never-priced one goes too, and the used one's row; the used one's
    // audio, in its folder, is the folder's to keep or sweep.
    await sweepResumableUploads(t.app, new Date(Date.now() + 24 * 3600_000 + 60_000))
    expect(existsSync(staged(finished))).toBe(false)
    expect(await resumableUploadsRepository.findById(t.database.db, uploadIdOf(finished))).toBeNull()
    expect(await resumableUploadsRepository.findById(t.database.db, uploadIdOf(used))).toBeNull()
    expect(storedFiles(t)).toContain(folderKey)
  })

  it("keeps a finished upload whose creation is 25 h old, which the file store's own cleanup would take", async () => {
    const wav = toneWav(2)
    const { location } = await createUpload(baseUrl, alice, 'Utility.wav', wav.length)
    await patch(baseUrl, alice, location, 0, wav)
    // The store's description of the upload, as @tus/file-store wrote it, made 25 h old.
    const description = `${staged(location)}.json`
    const info = JSON.parse(readFileSync(description, 'utf8')) as { creation_date: string; offset: number; size: number }
    expect({ offset: info.offset, size: info.size }).toEqual({ offset: 0, size: wav.length })
    writeFileSync(description, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }))

    await sweepResumableUploads(t.app)
    expect(sha256(readFileSync(staged(location)))).toBe(sha256(wav))
    // Why the sweep works from the rows: the store keeps offset 0 in its `.json`, so its cleanup takes
    // this finished upload as unfinished. (Should a later @tus/file-store fix that, this line says so.)
    expect(await t.app.resumableUploads.staging.datastore.deleteExpired()).toBe(1)
    expect(existsSync(staged(location))).toBe(false)
  })
})

async function rowCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(resumableUploads)
  return Number(row!.count)
}
