// The storage on S3-compatible object storage (a real Ceph radosgw the run starts,
// global-setup-object-storage.ts): the same suite local disk passes, and what is particular to
// multipart uploads: the parts a file streams in, and the sweep of uploads whose process died.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { CreateMultipartUploadCommand, ListObjectsV2Command, ListPartsCommand, type S3Client } from '@aws-sdk/client-s3'
import { beforeEach, describe, expect, it } from 'vitest'
import { saveStream } from '../../src/storage/file-storage.ts'
import { createS3Storage, MIN_PART_BYTES } from '../../src/storage/s3-storage.ts'
import { STALE_UPLOAD_AGE_MS } from '../../src/tasks/storage-sweep.ts'
import { newTestBucket, objectKeys, pendingMultipartUploads } from '../support/s3-test-storage.ts'
import { fileStorageSuite } from './file-storage-suite.ts'

const MiB = 1024 * 1024
const HOUR = 3_600_000
/** S3's smallest parts, so a file takes several without much data; and lists of 3, so removing a prefix pages. */
const SMALL = { partBytes: MIN_PART_BYTES, listPageSize: 3 }

fileStorageSuite(
  'S3-compatible object storage',
  async () => {
    const { setting, client } = await newTestBucket()
    return {
      storage: createS3Storage(client, setting.bucket, SMALL),
      // The keep-alive markers under .tmp/ are not stored files.
      storedKeys: async () => (await objectKeys(client, setting.bucket)).filter((key) => !key.startsWith('.tmp/')),
      pendingUploads: async () => (await pendingMultipartUploads(client, setting.bucket)).length,
    }
  },
  { sizeAcrossParts: 12 * MiB },
)

describe('S3 storage: multipart uploads', () => {
  let client: S3Client
  let bucket: string
  beforeEach(async () => {
    const made = await newTestBucket()
    client = made.client
    bucket = made.setting.bucket
  })

  it('streams a file as parts of the fixed size, the last one short, before the commit', async () => {
    const storage = createS3Storage(client, bucket, SMALL)
    const upload = await storage.beginUpload('clerks/c1/jobs/1/audio/long.wav', { maxBytes: 20 * MiB })
    // Small chunks, as a request body arrives.
    const sent = randomBytes(12 * MiB + 17)
    const chunks = Array.from({ length: Math.ceil(sent.length / 65_536) }, (_, i) => sent.subarray(i * 65_536, (i + 1) * 65_536))
    await upload.write(Readable.from(chunks))
    const [pending] = await pendingMultipartUploads(client, bucket)
    const parts = await client.send(new ListPartsCommand({ Bucket: bucket, Key: pending!.key, UploadId: pending!.uploadId }))
    expect(parts.Parts!.map((part) => [part.PartNumber, part.Size])).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB],
      [3, 2 * MiB + 17],
    ])
    await upload.commit()
    expect(await objectKeys(client, bucket)).toEqual(['clerks/c1/jobs/1/audio/long.wav'])
  })

  it('sweeps an upload whose process died, never one a live process holds, however long it waits', async () => {
    const live = createS3Storage(client, bucket, { ...SMALL, keepAliveMs: 200 })
    // A process that began an upload and died: its keep-alive never beats again.
    const dead = createS3Storage(client, bucket, { ...SMALL, keepAliveMs: HOUR })
    const waiting = await live.beginUpload('clerks/c1/uploads/t1/a/first.wav', { maxBytes: 4096 })
    await waiting.write(Readable.from([Buffer.from('RIFF')]))
    const abandoned = await dead.beginUpload('clerks/c1/uploads/t1/b/second.wav', { maxBytes: 4096 })
    await abandoned.write(Readable.from([Buffer.from('RIFF')]))
    // One that died before it wrote anything (begun by hand, as a crash right after the begin leaves it).
    await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'clerks/c2/templates/t1/report.pdf' }))

    // "Stale" from a second after the last of them began (the storage's times are in whole seconds),
    // the way ten quiet minutes make it: all three began before, only the live one is seen since.
    const begun = (await pendingMultipartUploads(client, bucket)).map((upload) => upload.initiated.getTime())
    expect(begun).toHaveLength(3)
    const staleBefore = new Date(Math.max(...begun) + 1000)
    const latestMarker = async () => {
      const markers = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: '.tmp/' }))
      return Math.max(0, ...(markers.Contents ?? []).map((object) => object.LastModified!.getTime()))
    }
    await expect.poll(latestMarker).toBeGreaterThanOrEqual(staleBefore.getTime())

    expect(await live.sweep({ staleBefore })).toEqual({ staleUploads: 2, emptyFolders: 0 })
    expect((await pendingMultipartUploads(client, bucket)).map((upload) => upload.key)).toEqual(['clerks/c1/uploads/t1/a/first.wav'])
    // The dead process's upload is gone; the live one commits, and no marker stays.
    await expect(abandoned.commit()).rejects.toThrow()
    await waiting.commit()
    expect(await objectKeys(client, bucket)).toEqual(['clerks/c1/uploads/t1/a/first.wav'])
    // Nothing of an ordinary age is taken: a just-begun upload survives the real stale age.
    const fresh = await dead.beginUpload('clerks/c3/jobs/1/audio/fresh.wav', { maxBytes: 4096 })
    expect((await live.sweep({ staleBefore: new Date(Date.now() - STALE_UPLOAD_AGE_MS) })).staleUploads).toBe(0)
    await fresh.discard()
    expect(await pendingMultipartUploads(client, bucket)).toEqual([])
  })

  it('leaves the resumable uploads’ own multipart uploads to their expiry', async () => {
    await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'resumable-uploads/7f3a' }))
    const storage = createS3Storage(client, bucket, SMALL)
    expect((await storage.sweep({ staleBefore: new Date(Date.now() + HOUR) })).staleUploads).toBe(0)
    expect((await pendingMultipartUploads(client, bucket)).map((upload) => upload.key)).toEqual(['resumable-uploads/7f3a'])
    await expect(saveStream(storage, 'resumable-uploads/7f3a', Readable.from([]), 10)).rejects.toThrow('storage key outside the storage folder: resumable-uploads/7f3a')
  })
})
