// Receiving one uploaded file the way every upload is received: the name made safe, the extension
// checked against the allowed list, the bytes streamed to storage under a size limit (begin → write),
// the size and the first bytes checked against the extension. Only then may the file be committed to
// its key, best together with the rows that name it. A refused or broken upload is discarded: it
// leaves no file and no folder behind.
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { contentMatchesExtension } from './file-signatures.ts'
import { extensionOf, FileTooLargeError, safeFileName, type FileStorage, type PendingUpload } from './file-storage.ts'

export type UploadRefusal = 'type' | 'content' | 'size'

export class UploadRefusedError extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(`upload refused: ${reason}`)
  }
}

export interface UploadedStream {
  filename: string
  file: Readable & { truncated?: boolean }
}

export interface CheckedUpload {
  key: string
  fileName: string
  size: number
}

/** A received and checked upload, not yet at its key: the caller commits it with the rows that name it. */
export interface ReceivedUpload extends CheckedUpload {
  /** Puts the file at its key; do it last inside the transaction that writes the rows naming it. */
  commit(): Promise<void>
  /** Takes it back, whether or not it was committed: nothing of it stays. For any failure after receiving. */
  undo(): Promise<void>
}

export interface UploadOptions {
  folder: string
  allowed: readonly string[]
  maxBytes: number
  fallbackName: string
}

/**
 * Receives `upload` for `{folder}/{random}/{safe name}`: streams it to storage and checks it, without
 * putting it at its key. Throws UploadRefusedError when it is not accepted; then nothing stays.
 */
export async function receiveCheckedUpload(storage: FileStorage, upload: UploadedStream, options: UploadOptions): Promise<ReceivedUpload> {
  const fileName = safeFileName(upload.filename, options.fallbackName)
  const extension = extensionOf(fileName)
  if (!options.allowed.includes(extension)) {
    upload.file.resume()
    throw new UploadRefusedError('type')
  }
  // A random folder keeps the clerk's own file name as the last segment (the download name) unique.
  const key = `${options.folder}/${randomUUID()}/${fileName}`
  const pending = await storage.beginUpload(key, { maxBytes: options.maxBytes })
  let size: number
  try {
    const saved = await writeUpload(pending, upload.file)
    // @fastify/multipart truncates at its own limit instead of failing; that is too large as well.
    if (upload.file.truncated) throw new UploadRefusedError('size')
    if (saved.size === 0 || !contentMatchesExtension(extension, saved.head)) throw new UploadRefusedError('content')
    size = saved.size
  } catch (error) {
    await pending.discard()
    throw error
  }
  let committed = false
  return {
    key,
    fileName,
    size,
    async commit() {
      await pending.commit()
      committed = true
    },
    async undo() {
      if (committed) await storage.remove(key)
      else await pending.discard()
    },
  }
}

async function writeUpload(pending: PendingUpload, file: Readable) {
  try {
    return await pending.write(file)
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new UploadRefusedError('size')
    throw error
  }
}
