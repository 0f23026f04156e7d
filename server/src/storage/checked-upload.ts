// Saving one uploaded file the way every upload is saved: the name made safe, the extension checked
// against the allowed list, the bytes streamed to storage under a size limit, and the first bytes
// checked against the extension. A refused file leaves nothing behind.
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { contentMatchesExtension } from './file-signatures.ts'
import { extensionOf, FileTooLargeError, safeFileName, type FileStorage } from './file-storage.ts'

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
  let saved
  try {
    saved = await storage.save(key, upload.file, options.maxBytes)
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new UploadRefusedError('size')
    throw error
  }
  // @fastify/multipart truncates at its own limit instead of failing; that is too large as well.
  if (upload.file.truncated) {
    await storage.remove(key)
    throw new UploadRefusedError('size')
  }
  if (saved.size === 0 || !contentMatchesExtension(extension, saved.head)) {
    await storage.remove(key)
    throw new UploadRefusedError('content')
  }
  return { key, fileName, size: saved.size }
}
