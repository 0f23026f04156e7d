// Stored files, addressed by keys like "clerks/<id>/templates/<id>/name.pdf". The local disk
// implementation is local-storage.ts; S3-compatible object storage will implement the same interface.
//
// Every write is an upload in four steps: begin → write a stream → check → commit or discard.
// Until it is committed nothing is visible at its key, so a refused, broken or abandoned upload never
// becomes a file; what a crash leaves mid-upload is swept away later. On S3 the steps map to
// CreateMultipartUpload → UploadPart… → CompleteMultipartUpload or AbortMultipartUpload, and the sweep
// to aborting stale multipart uploads.
import type { Readable } from 'node:stream'

// The extension rule is shared with the portal, which checks a chosen file's type before sending it.
export { extensionOf } from '@contract/file-names.ts'

/** How many leading bytes a write keeps, for checking the content's signature. */
export const HEAD_BYTES = 4096

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`)
  }
}

/**
 * The storage has no room for the file (a full disk, or the server's user over its quota): nothing of
 * the upload was kept. The API answers 507 (plugins/error-handler.ts); the server goes on.
 */
export class StorageFullError extends Error {
  constructor(key: string, cause: unknown) {
    super(`no room left in storage for ${key}`, { cause })
    this.name = 'StorageFullError'
  }
}

export interface SavedFile {
  size: number
  /** The first bytes of the file (up to HEAD_BYTES). */
  head: Buffer
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number
  end: number
}

/** One upload in progress: written once, then committed (it appears at its key) or discarded. */
export interface PendingUpload {
  readonly key: string
  /**
   * Streams `source` into the upload, never holding it whole in memory. Rejects with FileTooLargeError
   * past the limit, StorageFullError when the storage has no room, or with the source's own error when
   * it fails (a client that went away).
   */
  write(source: Readable): Promise<SavedFile>
  /** Makes the written file appear at its key, all at once. Only after a successful write. */
  commit(): Promise<void>
  /** Throws the upload away. Safe at any step and more than once; does nothing after a commit. */
  discard(): Promise<void>
}

export interface SweepResult {
  /** Uploads abandoned before their commit (a crash, a killed process) that were removed. */
  staleUploads: number
  /** Empty folders removed (local disk only; object storage has no folders). */
  emptyFolders: number
}

export interface FileStorage {
  beginUpload(key: string, options: { maxBytes: number }): Promise<PendingUpload>
  /** The file's size in bytes; null when there is no such file. */
  size(key: string): Promise<number | null>
  /** The file's bytes (only `range`, inclusive, when given) and its whole size; null when there is no such file. */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>
  /**
   * Runs `use` with a path on local disk holding the committed file at `key`, for tools that need a
   * file rather than a stream (ffmpeg seeks, e.g. to an M4A's index at the end). Local disk hands its
   * own file (read it, never change it); object storage would download it to a temporary file and
   * remove that once `use` settles. Rejects when there is no such file.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>
  remove(key: string): Promise<void>
  /** Removes everything under a folder-like prefix, e.g. a clerk's "clerks/<id>/". */
  removePrefix(prefix: string): Promise<void>
  /**
   * Removes uploads that were begun but neither committed nor discarded and saw no write since
   * `staleBefore`, and empty folders. A pending upload is kept fresh by its process until it is committed
   * or discarded (local disk: PENDING_UPLOAD_KEEP_ALIVE_MS), so only one whose process died is taken.
   * Safe while other uploads run, in this process or another.
   */
  sweep(options: { staleBefore: Date }): Promise<SweepResult>
  /**
   * Resolves when the storage can take writes now, cheaply (GET /api/health/ready asks it for a load
   * balancer, every few seconds); rejects with the reason otherwise. Local disk writes and removes an
   * empty file in its uploads-in-progress folder; object storage asks for the bucket (HeadBucket).
   */
  ready(): Promise<void>
}

/** Stores a whole stream at `key` (begin, write, commit); nothing stays behind when it fails. */
export async function saveStream(storage: FileStorage, key: string, source: Readable, maxBytes: number): Promise<SavedFile> {
  const upload = await storage.beginUpload(key, { maxBytes })
  try {
    const saved = await upload.write(source)
    await upload.commit()
    return saved
  } catch (error) {
    await upload.discard()
    throw error
  }
}

/** A file name safe to store and to offer for download: no folders, no control characters. */
export function safeFileName(original: string, fallback: string): string {
  const base = original.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim().replace(/^\.+/, '')
  return (cleaned || fallback).slice(-120)
}
