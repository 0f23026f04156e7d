// Where the resumable (tus) uploads' bytes wait until calculate-cost takes them, chosen by the storage
// settings (docs/decisions/resumable-uploads-on-object-storage.md):
// - local disk: @tus/file-store in DATA_DIR/resumable-uploads, one file per upload plus its `.json`;
// - S3_BUCKET set: @tus/s3-store, each upload a multipart upload in the bucket at
//   `resumable-uploads/<id>` (a folder the stored files never use, and the storage's sweep leaves to
//   this one), its description in `<id>.info` and bytes short of a part in `<id>.part` beside it. Its offset is read back from ListParts, so a process that
//   never saw the upload resumes it; a finished upload is one object at `<id>`.
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AbortMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, type S3 } from '@aws-sdk/client-s3'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import type { DataStore } from '@tus/server'
import type { StorageSetting } from '../config.ts'
import { HEAD_BYTES } from '../storage/file-storage.ts'
import { createS3Client, s3ClientConfig } from '../storage/s3-client.ts'

/** Where the uploads are staged on local disk, inside the data folder. */
export const RESUMABLE_UPLOADS_FOLDER = 'resumable-uploads'

/** Parts sent to the bucket: S3's smallest (5 MiB); a 2 GB upload is some 400 of its 10,000. */
const PART_BYTES = 5 * 1024 * 1024

/** The key of an upload's object as tus names it (tus-server.ts namingFunction): what the leftovers sweep may take. */
const UPLOAD_KEY = new RegExp(`^${RESUMABLE_UPLOADS_FOLDER}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

export interface UploadStaging {
  kind: 'local' | 's3'
  datastore: DataStore
  /** The first bytes (up to HEAD_BYTES) of an upload, for its content signature. */
  readHead(id: string): Promise<Buffer>
  /**
   * A finished upload's bytes, opened now (so an upload taken back meanwhile is still read whole, or
   * not at all); null when it is gone.
   */
  openFinished(id: string): Promise<Readable | null>
  /** Removes everything staged for the upload (any part may be gone already). */
  remove(id: string): Promise<void>
  /**
   * Removes unfinished uploads begun before `staleBefore` (the unfinished lifetime ago: expired whatever
   * their rows say), which the rows' sweep cannot reach: object storage's multipart uploads of tus ids
   * whose row is gone (a process that died mid-creation or mid-removal). Answers how many.
   */
  sweepLeftovers(staleBefore: Date): Promise<number>
}

export function createUploadStaging(storage: StorageSetting, dataDir: string, expirationPeriodInMilliseconds: number): UploadStaging {
  if (storage.kind === 's3') return s3Staging(storage, expirationPeriodInMilliseconds)
  return localStaging(path.join(dataDir, RESUMABLE_UPLOADS_FOLDER), expirationPeriodInMilliseconds)
}

function localStaging(directory: string, expirationPeriodInMilliseconds: number): UploadStaging {
  const stagedPath = (id: string) => path.join(directory, id)
  return {
    kind: 'local',
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds }),
    async readHead(id) {
      const file = await open(stagedPath(id), 'r')
      try {
        const head = Buffer.alloc(HEAD_BYTES)
        const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0)
        return head.subarray(0, bytesRead)
      } finally {
        await file.close()
      }
    },
    async openFinished(id) {
      // Opened here, once: an open file is read whole even if its name goes meanwhile. A path opened
      // later by a stream would fail with nobody listening yet, and that error stopped the whole server.
      const staged = await open(stagedPath(id), 'r').catch(() => null)
      if (!staged) return null
      if (!(await staged.stat().then((info) => info.isFile(), () => false))) {
        await staged.close()
        return null
      }
      return staged.createReadStream()
    },
    async remove(id) {
      await rm(stagedPath(id), { force: true })
      await rm(`${stagedPath(id)}.json`, { force: true })
    },
    // Every staged file has a row (created before tus writes a byte): the rows' sweep takes them all.
    sweepLeftovers: async () => 0,
  }
}

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } }
  // radosgw answers NoSuchKey where AWS says NoSuchUpload (docs/research/s3-protocol-server.md).
  return ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(name ?? '') || $metadata?.httpStatusCode === 404
}
const ignoreNotFound = (error: unknown) => {
  if (!isNotFound(error)) throw error
}

function s3Staging(setting: Extract<StorageSetting, { kind: 's3' }>, expirationPeriodInMilliseconds: number): UploadStaging {
  const { bucket } = setting
  const client = createS3Client(setting)
  const datastore = new S3Store({
    partSize: PART_BYTES,
    expirationPeriodInMilliseconds,
    // Tags would only serve the store's own deleteExpired, which the rows' sweep replaces.
    useTags: false,
    s3ClientConfig: { ...s3ClientConfig(setting), bucket },
  })
  inFolder((datastore as unknown as { client: S3 }).client)
  const keyOf = (id: string) => `${RESUMABLE_UPLOADS_FOLDER}/${id}`

  /** Aborts the upload's multipart upload (its id is in `<id>.info`'s metadata) and deletes its objects. */
  const removeObjects = async (id: string, uploadId?: string) => {
    const multipartId = uploadId ?? (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(`${id}.info`) })).then((info) => info.Metadata?.['upload-id'], (error: unknown) => ignoreNotFound(error)))
    // A finished upload's multipart upload is complete already: NoSuchUpload, ignored.
    if (multipartId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: keyOf(id), UploadId: multipartId })).catch(ignoreNotFound)
    const keys = [id, `${id}.info`, `${id}.part`].map((name) => ({ Key: keyOf(name) }))
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }))
  }

  return {
    kind: 's3',
    datastore,
    async readHead(id) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(id), Range: `bytes=0-${HEAD_BYTES - 1}` }))
      return Buffer.from(await answer.Body!.transformToByteArray())
    },
    async openFinished(id) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(id) }))
        return answer.Body as Readable
      } catch (error) {
        ignoreNotFound(error)
        return null
      }
    },
    remove: (id) => removeObjects(id),
    async sweepLeftovers(staleBefore) {
      let removed = 0
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${RESUMABLE_UPLOADS_FOLDER}/`, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !UPLOAD_KEY.test(upload.Key) || !upload.Initiated || upload.Initiated >= staleBefore) continue
          await removeObjects(upload.Key.slice(RESUMABLE_UPLOADS_FOLDER.length + 1), upload.UploadId)
          removed += 1
        }
        if (!page.IsTruncated) return removed
        keyMarker = page.NextKeyMarker
        uploadIdMarker = page.NextUploadIdMarker
      }
    },
  }
}

/**
 * Puts every object tus's store reads or writes under RESUMABLE_UPLOADS_FOLDER: the store names them by
 * the bare upload id (it has no key prefix option), and the stored files' sweep must tell its own
 * multipart uploads from tus's (s3-storage.ts skips that folder). Rewrites the request's Key, and the
 * keys of a DeleteObjects, before the request is signed.
 */
function inFolder(client: S3): void {
  const prefixed = (key: unknown) => (typeof key === 'string' && !key.startsWith(`${RESUMABLE_UPLOADS_FOLDER}/`) ? `${RESUMABLE_UPLOADS_FOLDER}/${key}` : key)
  client.middlewareStack.add(
    (next) => (args) => {
      const input = args.input as { Key?: unknown; Delete?: { Objects?: { Key?: unknown }[] } }
      if (input.Key !== undefined) input.Key = prefixed(input.Key)
      for (const object of input.Delete?.Objects ?? []) object.Key = prefixed(object.Key)
      return next(args)
    },
    { step: 'initialize', name: 'resumableUploadsFolder' },
  )
}
