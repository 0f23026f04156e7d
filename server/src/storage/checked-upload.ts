// Saving one uploaded file the way every upload is saved: the name made safe, the extension checked
// against the allowed list, the bytes streamed to storage under a size limit (begin → write), the size
// and the first bytes checked against the extension, and only then the file committed to its key.
// A refused or broken upload is discarded: it leaves no file and no folder behind.
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

/** Saves `upload` as `{folder}/{random}/{safe name}`; throws UploadRefusedError when it is not accepted. */
export async function saveCheckedUpload(
  storage: FileStorage,
  upload: UploadedStream,
  options: { folder: string; allowed: readonly string[]; maxBytes: number; fallbackName: string },
): Promise<CheckedUpload> {
  const fileName = safeFileName(upload.filename, options.fallbackName)
  const extension = extensionOf(fileName)
  if (!options.allowed.includes(extension)) {
    upload.file.resume()
    throw new UploadRefusedError('type')
  }
  // A random folder keeps the clerk's own file name as the last segment (the download name) unique.
  const key = `${options.folder}/${randomUUID()}/${fileName}`
  const pending = await storage.beginUpload(key, { maxBytes: options.maxBytes })
  try {
    const saved = await writeUpload(pending, upload.file)
    // @fastify/multipart truncates at its own limit instead of failing; that is too large as well.
    if (upload.file.truncated) throw new UploadRefusedError('size')
    if (saved.size === 0 || !contentMatchesExtension(extension, saved.head)) throw new UploadRefusedError('content')
    await pending.commit()
    return { key, fileName, size: saved.size }
  } catch (error) {
    await pending.discard()
    throw error
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
