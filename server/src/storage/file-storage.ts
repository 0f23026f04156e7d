// Files on local disk under DATA_DIR/files, addressed by keys like "clerks/<id>/templates/<id>/name.pdf".
// Writes stream (a file is never held whole in memory) and stop at a size limit; a key can never
// reach outside the storage folder. Object storage (S3) will implement the same interface.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** How many leading bytes a save keeps, for checking the content's signature. */
export const HEAD_BYTES = 4096

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`)
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

export interface FileStorage {
  save(key: string, source: Readable, maxBytes: number): Promise<SavedFile>
  /** The file's size in bytes; null when there is no such file. */
  size(key: string): Promise<number | null>
  /** The file's bytes (only `range`, inclusive, when given) and its whole size; null when there is no such file. */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>
  remove(key: string): Promise<void>
  /** Removes everything under a folder-like prefix, e.g. a clerk's "clerks/<id>/". */
  removePrefix(prefix: string): Promise<void>
}

export function createLocalStorage(root: string): FileStorage {
  const resolved = path.resolve(root)
  const pathOf = (key: string): string => {
    const full = path.resolve(resolved, key)
    if (!full.startsWith(resolved + path.sep) || key.includes('\0')) throw new Error(`storage key outside the storage folder: ${key}`)
    return full
  }

  return {
    async save(key, source, maxBytes) {
      const target = pathOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      let size = 0
      const headChunks: Buffer[] = []
      let headLength = 0
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > maxBytes) return done(new FileTooLargeError(maxBytes))
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength))
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
          }
          done(null, chunk)
        },
      })
      try {
        await pipeline(source, meter, createWriteStream(target, { flags: 'wx' }))
      } catch (error) {
        await rm(target, { force: true })
        throw error
      }
      return { size, head: Buffer.concat(headChunks) }
    },

    async size(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile() ? info.size : null
      } catch {
        return null
      }
    },

    async open(key, range) {
      let full: string
      try {
        full = pathOf(key)
        const info = await stat(full)
        if (!info.isFile()) return null
        return { stream: createReadStream(full, range), size: info.size }
      } catch {
        return null
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true })
    },

    async removePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true })
    },
  }
}

/** A file name safe to store and to offer for download: no folders, no control characters. */
export function safeFileName(original: string, fallback: string): string {
  const base = original.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim().replace(/^\.+/, '')
  return (cleaned || fallback).slice(-120)
}

export function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(fileName)
  return match ? match[1]!.toLowerCase() : ''
}
