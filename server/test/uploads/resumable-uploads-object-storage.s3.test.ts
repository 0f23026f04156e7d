// Resumable (tus) uploads staged in object storage (S3_BUCKET set; issue 27), on a real S3-protocol
// server (Ceph radosgw, the server-s3 project's; a bucket of its own) and the real database: created,
// taken in parts, resumed by a new server instance that never saw the upload (a new tus server and
// store on the same bucket and database), finished with the same checks as on local disk (type,
// signature, exact duration), and swept on expiry with its multipart upload, objects and row.
import { createHash, randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreateMultipartUploadCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudioMeasurer } from '../../src/audio/measure-with-ffmpeg.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { resumableUploadsRepository } from '../../src/repositories/resumable-uploads-repository.ts'
import { RESUMABLE_UPLOAD_MESSAGES as M } from '../../src/resumable-uploads/resumable-upload-messages.ts'
import { createResumableUploads, type ResumableUploads } from '../../src/resumable-uploads/tus-server.ts'
import type { S3StorageSetting } from '../../src/storage/s3-client.ts'
import { withPresignedFfmpegInput } from '../../src/storage/s3-ffmpeg-input.ts'
import { sweepResumableUploads } from '../../src/tasks/resumable-upload-sweep.ts'
import { newTestBucket } from '../support/s3-test-storage.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { createUpload, offsetOf, patch, uploadIdOf } from './tus-client.ts'

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const MiB = 1024 * 1024

let setting: S3StorageSetting
let client: S3Client
let t: TestApp
let aliceId: string
let dataDir: string
const running: http.Server[] = []

/** One server process's tus endpoint on the bucket and the database (the route's clerk check stands as alice). */
async function startInstance(): Promise<{ uploads: ResumableUploads; baseUrl: string; close: () => Promise<void> }> {
  const uploads = createResumableUploads({ db: t.app.database.db, dataDir, storage: setting, mountPath: '/api/uploads' })
  const server = http.createServer((request, response) => {
    uploads.setClerk(request, aliceId)
    void uploads.tus.handle(request, response)
  })
  running.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { uploads, baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** tus's objects live in this folder of the bucket, which the stored files' sweep leaves alone. */
const keyOf = (name: string) => `resumable-uploads/${name}`
const objectsOf = async (id: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: setting.bucket, Prefix: keyOf(id) }))).Contents ?? []).map((object) => object.Key).sort()
const multipartUploadsOf = async (id: string) =>
  ((await client.send(new ListMultipartUploadsCommand({ Bucket: setting.bucket, Prefix: keyOf(id) }))).Uploads ?? []).map((upload) => upload.Key)

beforeAll(async () => {
  let storage: Awaited<ReturnType<typeof newTestBucket>>
  ;[storage, t] = await Promise.all([newTestBucket(), createTestApp()])
  ;({ setting, client } = storage)
  dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-tus-s3-'))
  aliceId = await clerkId(t, 'alice@example.com')
}, 120_000)

afterAll(async () => {
  await Promise.all(running.map((server) => new Promise((resolve) => server.close(resolve))))
  client?.destroy()
  await t?.app.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('resumable uploads staged in object storage', () => {
  it('takes parts, resumes on a new instance that never saw the upload, and finishes into one object measured exactly', async () => {
    // 7.6 MiB: more than one 5 MiB part, so the first PATCH leaves a part in the multipart upload.
    const wav = toneWav(1000.5)
    const first = await startInstance()
    const created = await createUpload(first.baseUrl, null, 'Kitchen.wav', wav.length)
    expect(created.answer.status).toBe(201)
    const id = uploadIdOf(created.location)
    expect((await patch(first.baseUrl, null, created.location, 0, wav.subarray(0, 6 * MiB))).headers['upload-offset']).toBe(String(6 * MiB))
    expect(first.uploads.staging.kind).toBe('s3')
    await first.close()
    // Nothing on local disk: the parts are in the bucket.
    expect(await multipartUploadsOf(id)).toEqual([keyOf(id)])

    const second = await startInstance()
    expect(await offsetOf(second.baseUrl, null as unknown as string, created.location)).toBe(6 * MiB)
    const last = await patch(second.baseUrl, null, created.location, 6 * MiB, wav.subarray(6 * MiB))
    expect({ status: last.status, offset: last.headers['upload-offset'] }).toEqual({ status: 204, offset: String(wav.length) })

    const row = await resumableUploadsRepository.findById(t.app.database.db, id)
    expect(row?.finishedAt).toBeInstanceOf(Date)
    expect(await multipartUploadsOf(id)).toEqual([])
    const object = await client.send(new GetObjectCommand({ Bucket: setting.bucket, Key: keyOf(id) }))
    expect(sha256(await object.Body!.transformToByteArray())).toBe(sha256(wav))
    // The copy into the clerk's storage reads it from here; the measure reads it over a presigned URL.
    const opened = await second.uploads.staging.openFinished(id)
    const chunks: Buffer[] = []
    for await (const chunk of opened!) chunks.push(chunk as Buffer)
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(wav))
    expect(await withPresignedFfmpegInput(client, setting.bucket, keyOf(id), (input) => createAudioMeasurer()(input, 'Kitchen.wav'))).toBe(1000.5)
  })

  it('refuses a finished upload whose content is not its type, in the clerk\'s words, and keeps nothing of it', async () => {
    const { baseUrl } = await startInstance()
    const notAudio = Buffer.from('Kitchen: clean throughout. Oven: light soiling.\n'.repeat(200))
    const created = await createUpload(baseUrl, null, 'Hall.wav', notAudio.length)
    const id = uploadIdOf(created.location)
    const answer = await patch(baseUrl, null, created.location, 0, notAudio)
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: M.wrongContent('Hall.wav') })
    expect(await objectsOf(id)).toEqual([])
    expect(await multipartUploadsOf(id)).toEqual([])
    expect(await resumableUploadsRepository.findById(t.app.database.db, id)).toBeNull()
  })

  it('the expiry sweep removes an unfinished upload\'s parts, objects and row, and multipart uploads no row leads to', async () => {
    const { baseUrl, uploads } = await startInstance()
    const wav = toneWav(1000.5)
    const created = await createUpload(baseUrl, null, 'Loft.wav', wav.length)
    const id = uploadIdOf(created.location)
    await patch(baseUrl, null, created.location, 0, wav.subarray(0, 6 * MiB))
    expect(await multipartUploadsOf(id)).toEqual([keyOf(id)])
    expect(await objectsOf(id)).toEqual([keyOf(`${id}.info`), keyOf(`${id}.part`)])
    // A process died after tus began the multipart upload and before the row went: no row leads to it.
    const orphan = randomUUID()
    await client.send(new CreateMultipartUploadCommand({ Bucket: setting.bucket, Key: keyOf(orphan) }))

    const app = { database: t.app.database, resumableUploads: uploads, log: t.app.log } as unknown as FastifyInstance
    const dayAndAnHourLater = new Date(Date.now() + 25 * 3600_000)
    expect(await sweepResumableUploads(app, dayAndAnHourLater)).toBeGreaterThanOrEqual(1)
    expect(await multipartUploadsOf(id)).toEqual([])
    expect(await objectsOf(id)).toEqual([])
    expect(await resumableUploadsRepository.findById(t.app.database.db, id)).toBeNull()
    expect(await multipartUploadsOf(orphan)).toEqual([])
    await expect(client.send(new HeadObjectCommand({ Bucket: setting.bucket, Key: keyOf(`${id}.info`) }))).rejects.toMatchObject({ name: 'NotFound' })
  })
})
