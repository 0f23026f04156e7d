// Files in a bucket of S3-compatible object storage (S3_BUCKET; docs/decisions/object-storage.md).
// An upload is a multipart upload: begin → CreateMultipartUpload, write → UploadPart for each part
// of PART_BYTES as the stream fills it (one part in memory at most; the limit is checked as bytes
// arrive), commit → CompleteMultipartUpload (the object appears whole at its key), discard →
// AbortMultipartUpload. Nothing is visible at a key before its commit.
//
// Keeping a live upload from the sweep: a multipart upload's only times are its start (Initiated)
// and its parts' upload times, and neither tells a live upload from a dead one: a part can take more
// than the stale age to fill over a slow link, and a written upload waits, with nothing to send,
// until its commit (a form's first file waits while a large second one streams in). So, like local
// disk touching its pending file, the process holding an upload writes a small marker object
// `.tmp/<upload id>` every PENDING_UPLOAD_KEEP_ALIVE_MS, and the sweep counts an upload as last seen
// at the later of its start and its marker's time. Only one whose process died goes stale. Uploads
// shorter than one beat write no marker at all. Times are the storage server's (Initiated,
// LastModified) against this process's clock: the stale age (ten beats) is far above any sane skew.
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3'
import { RESUMABLE_UPLOADS_FOLDER } from '../resumable-uploads/tus-server.ts'
import { withPresignedFfmpegInput } from './s3-ffmpeg-input.ts'
import { FileTooLargeError, HEAD_BYTES, StorageFullError, type FileStorage, type PendingUpload, type SavedFile } from './file-storage.ts'
import { PENDING_UPLOAD_KEEP_ALIVE_MS, UPLOADS_IN_PROGRESS_FOLDER } from './local-storage.ts'

/** S3's smallest part (all but the last); its limit of 10,000 parts makes 8 MiB parts enough for 80 GB. */
export const MIN_PART_BYTES = 5 * 1024 * 1024
export const PART_BYTES = 8 * 1024 * 1024

export interface S3StorageOptions {
  /** The size of each part but the last (at least MIN_PART_BYTES): the memory one upload holds. */
  partBytes?: number
  /** How often a pending upload's marker is written (tests shorten it). */
  keepAliveMs?: number
  /** Keys per ListObjectsV2 page when removing a prefix (S3's most is 1,000; tests page with fewer). */
  listPageSize?: number
  /** How long ready() waits for the bucket's answer before it gives up and closes the request. */
  readyLimitMs?: number
}

/** GET /api/health/ready gives up on the storage after 2 s (routes/health.ts): so does the question. */
const READY_LIMIT_MS = 2000

const MARKERS_PREFIX = `${UPLOADS_IN_PROGRESS_FOLDER}/`
const markerKey = (uploadId: string) => `${MARKERS_PREFIX}${encodeURIComponent(uploadId)}`

/** The error codes S3 and S3-compatible servers give for a missing object, upload or part list (radosgw answers NoSuchKey after an abort). */
const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(name ?? '') || $metadata?.httpStatusCode === 404
}

/** Over the bucket's or the user's quota (radosgw: QuotaExceeded), or a server out of space (507). */
const isNoRoomLeft = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'QuotaExceeded' || $metadata?.httpStatusCode === 507
}

/**
 * The rules local disk applies to a key, as object storage has no folders to escape: no empty,
 * `.` or `..` segment, no NUL, nothing under the markers or the resumable uploads' own area.
 */
function checkKey(key: string): string {
  const segments = key.replace(/\/$/, '').split('/')
  const reserved = [UPLOADS_IN_PROGRESS_FOLDER, RESUMABLE_UPLOADS_FOLDER].includes(segments[0] ?? '')
  if (reserved || key.includes('\0') || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`storage key outside the storage folder: ${key}`)
  }
  return key
}

export function createS3Storage(client: S3Client, bucket: string, options: S3StorageOptions = {}): FileStorage {
  const partBytes = options.partBytes ?? PART_BYTES
  if (partBytes < MIN_PART_BYTES) throw new Error(`S3 parts are at least ${MIN_PART_BYTES} bytes (got ${partBytes})`)
  const keepAliveMs = options.keepAliveMs ?? PENDING_UPLOAD_KEEP_ALIVE_MS
  const listPageSize = options.listPageSize ?? 1000
  const Bucket = bucket

  const deleteKeys = async (keys: string[]) => {
    if (keys.length === 0) return
    const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }))
    const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey')
    if (failed.length > 0) throw new Error(`could not remove ${failed.length} stored files, e.g. ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`)
  }

  /** Every key under `prefix`, a page at a time. */
  async function* listKeys(prefix: string): AsyncGenerator<{ key: string; lastModified: Date | undefined }[]> {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: listPageSize, ContinuationToken }))
      yield (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [{ key: object.Key, lastModified: object.LastModified }]))
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  const getObject = async (key: string, range?: { start: number; end: number }) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }))
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  return {
    async beginUpload(key, { maxBytes }) {
      checkKey(key)
      const started = await roomFor(key, () => client.send(new CreateMultipartUploadCommand({ Bucket, Key: key })))
      if (!started.UploadId) throw new Error(`the storage gave no upload id for ${key}`)
      return s3Upload({ client, bucket, key, uploadId: started.UploadId, maxBytes, partBytes, keepAliveMs })
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))
        return head.ContentLength ?? 0
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async open(key, range) {
      const object = await getObject(key, range)
      if (!object?.Body) return null
      // A ranged answer gives the whole size in Content-Range ("bytes 0-99/12345").
      const size = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : (object.ContentLength ?? 0)
      return { stream: object.Body as Readable, size }
    },

    async withLocalFile(key, use) {
      const object = await getObject(key)
      if (!object?.Body) throw new Error(`no stored file at ${key}`)
      const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-s3-file-'))
      try {
        // The key's own name, so a tool that looks at the extension (ffmpeg) sees it.
        const filePath = path.join(folder, key.split('/').pop()!)
        await pipeline(object.Body as Readable, createWriteStream(filePath))
        return await use(filePath)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },

    // ffmpeg reads the object over a presigned URL: a 2 GB recording is never copied to local disk first.
    withFfmpegInput: (key, use) => withPresignedFfmpegInput(client, bucket, checkKey(key), use),

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },

    async removePrefix(prefix) {
      // "clerks/c1" and "clerks/c1/" both mean the folder, never "clerks/c10/…".
      const folder = checkKey(prefix).replace(/\/$/, '')
      await client.send(new DeleteObjectCommand({ Bucket, Key: folder }))
      for await (const page of listKeys(`${folder}/`)) await deleteKeys(page.map(({ key }) => key))
    },

    async ready() {
      // The bucket is there and these credentials may use it: one small request, no object written
      // (a load balancer asks every few seconds). Bounded: a storage that takes connections and never
      // answers would otherwise pile the questions up on the connections uploads and downloads share.
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(options.readyLimitMs ?? READY_LIMIT_MS) })
    },

    async sweep({ staleBefore }) {
      // The pending uploads first, then the markers: a marker written after the first list belongs to an upload begun or kept alive since, which is fresh.
      const pending: { key: string; uploadId: string; initiated: Date }[] = []
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }))
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId) continue
          // tus's resumable uploads live there, kept by their own expiry (a phone may resume one hours later).
          if (upload.Key.startsWith(`${RESUMABLE_UPLOADS_FOLDER}/`)) continue
          pending.push({ key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) })
        }
        ;[KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined]
      } while (KeyMarker !== undefined)
      const markers = new Map<string, Date>()
      for await (const page of listKeys(MARKERS_PREFIX)) for (const { key, lastModified } of page) markers.set(key, lastModified ?? new Date(0))

      let staleUploads = 0
      for (const { key, uploadId, initiated } of pending) {
        const marker = markers.get(markerKey(uploadId))
        markers.delete(markerKey(uploadId))
        const lastSeen = marker && marker > initiated ? marker : initiated
        if (lastSeen >= staleBefore) continue
        await abortUpload(client, bucket, key, uploadId)
        await client.send(new DeleteObjectCommand({ Bucket, Key: markerKey(uploadId) }))
        staleUploads += 1
      }
      // Markers of no pending upload (a commit that could not remove its marker): stale ones go too.
      await deleteKeys([...markers].filter(([, lastModified]) => lastModified < staleBefore).map(([key]) => key))
      return { staleUploads, emptyFolders: 0 }
    },
  }
}

/** Runs a step of an upload; storage without room becomes a StorageFullError, other failures stay as they are. */
async function roomFor<T>(key: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw isNoRoomLeft(error) ? new StorageFullError(key, error) : error
  }
}

async function abortUpload(client: S3Client, bucket: string, key: string, uploadId: string): Promise<void> {
  try {
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
  } catch (error) {
    if (!isNotFound(error)) throw error // already gone: aborted by a sweep or a discard in another call
  }
}

interface UploadSetting {
  client: S3Client
  bucket: string
  key: string
  uploadId: string
  maxBytes: number
  partBytes: number
  keepAliveMs: number
}

function s3Upload({ client, bucket, key, uploadId, maxBytes, partBytes, keepAliveMs }: UploadSetting): PendingUpload {
  let step: 'begun' | 'writing' | 'written' | 'committed' | 'discarded' = 'begun'
  // Read through a function: `discard` may change the step while `write` awaits.
  const discarded = () => step === 'discarded'
  const parts: CompletedPart[] = []
  const Bucket = bucket
  const marker = markerKey(uploadId)

  let markerWritten = false
  let markerWrite: Promise<unknown> = Promise.resolve()
  const keepAlive = setInterval(() => {
    // One beat at a time, and none once the upload ended: a late write would leave a marker behind.
    markerWrite = markerWrite.then(async () => {
      if (step === 'committed' || step === 'discarded') return
      markerWritten = true
      await client.send(new PutObjectCommand({ Bucket, Key: marker, Body: key })).catch(() => undefined)
    })
  }, keepAliveMs)
  keepAlive.unref()

  /** Stops the keep-alive and removes the marker it may have written (the sweep removes one this misses). */
  const endKeepAlive = async () => {
    clearInterval(keepAlive)
    await markerWrite
    if (markerWritten) await client.send(new DeleteObjectCommand({ Bucket, Key: marker })).catch(() => undefined)
  }

  const uploadPart = async (body: Buffer) => {
    if (discarded()) throw new Error(`the upload to ${key} was discarded while it was written`)
    const PartNumber = parts.length + 1
    const answer = await roomFor(key, () => client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length })))
    parts.push({ PartNumber, ETag: answer.ETag })
  }

  return {
    key,

    async write(source): Promise<SavedFile> {
      if (step !== 'begun') throw new Error(`an upload is written once (${key} is ${step})`)
      step = 'writing'
      let size = 0
      const headChunks: Buffer[] = []
      let headLength = 0
      // The one part this upload holds in memory, filled and sent over and over. Sent before it is
      // refilled (each UploadPart is awaited), so the stream waits meanwhile: back-pressure, not buffering.
      const part = Buffer.allocUnsafe(partBytes)
      let filled = 0
      try {
        for await (const data of source) {
          const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as string)
          size += chunk.length
          if (size > maxBytes) throw new FileTooLargeError(maxBytes)
          if (headLength < HEAD_BYTES) {
            headChunks.push(Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength)))
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
          }
          for (let offset = 0; offset < chunk.length; ) {
            const copied = chunk.copy(part, filled, offset)
            filled += copied
            offset += copied
            if (filled === partBytes) {
              await uploadPart(part)
              filled = 0
            }
          }
        }
        // The last part may be short; an empty file is one empty part (a multipart upload needs one).
        if (filled > 0 || parts.length === 0) await uploadPart(part.subarray(0, filled))
      } catch (error) {
        if (!discarded()) {
          step = 'discarded'
          await endKeepAlive()
          await abortUpload(client, bucket, key, uploadId)
        }
        throw error
      }
      if (discarded()) throw new Error(`the upload to ${key} was discarded while it was written`)
      step = 'written'
      return { size, head: Buffer.concat(headChunks) }
    },

    async commit() {
      if (step !== 'written') throw new Error(`only a written upload can be committed (${key} is ${step})`)
      await roomFor(key, () => client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } })))
      step = 'committed'
      await endKeepAlive()
    },

    async discard() {
      if (step === 'committed' || step === 'discarded') return
      // Aborting mid-write ends the upload; the write's next part then fails and it stops.
      step = 'discarded'
      await endKeepAlive()
      await abortUpload(client, bucket, key, uploadId)
    },
  }
}
