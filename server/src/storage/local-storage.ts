// Files on local disk under DATA_DIR/files. An upload is written under a temporary name in the
// `.tmp` folder beside the stored files (the same filesystem, so the final rename is atomic) and
// renamed to its key on commit: a stored file is always whole. Folders are made only on commit and
// removed again when their last file goes, so a refused upload leaves no empty folder.
// A key can never reach outside the storage folder, nor into `.tmp`.
import { randomUUID } from 'node:crypto'
import { createWriteStream, type Dirent } from 'node:fs'
import { lstat, mkdir, open as openFile, readdir, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FileTooLargeError, HEAD_BYTES, StorageFullError, type FileStorage, type PendingUpload, type SavedFile } from './file-storage.ts'

/** Where uploads in progress are written; never a key's first segment. */
export const UPLOADS_IN_PROGRESS_FOLDER = '.tmp'

/**
 * How often a pending upload's file is touched while its process holds it, written or not yet
 * committed (a form's first file waits, whole, while the later ones stream in, however long that takes).
 * So its age tells any process's sweep whether a live upload holds it: the sweep takes only files
 * untouched for several of these (tasks/storage-sweep.ts), which after a crash is minutes, not a day.
 */
export const PENDING_UPLOAD_KEEP_ALIVE_MS = 60_000

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code

/** The disk is full (ENOSPC) or the server's user is over its disk quota (EDQUOT). */
export const isNoRoomLeft = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(errorCode(error) ?? '')

/** Runs a step of an upload; a disk with no room left becomes a StorageFullError, other failures stay as they are. */
async function roomFor<T>(key: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw isNoRoomLeft(error) ? new StorageFullError(key, error) : error
  }
}

export function createLocalStorage(root: string): FileStorage {
  const resolved = path.resolve(root)
  const tempFolder = path.join(resolved, UPLOADS_IN_PROGRESS_FOLDER)
  const pathOf = (key: string): string => {
    const full = path.resolve(resolved, key)
    if (!full.startsWith(resolved + path.sep) || key.includes('\0') || path.relative(resolved, full).startsWith('.')) {
      throw new Error(`storage key outside the storage folder: ${key}`)
    }
    return full
  }

  /** Removes `folder` and then each parent that is left empty, up to (not including) the storage folder. */
  const removeEmptyFolders = async (folder: string) => {
    for (let current = folder; current.startsWith(resolved + path.sep) && current !== tempFolder; current = path.dirname(current)) {
      if (!(await removeIfEmpty(current))) return // not empty, so neither are its parents
    }
  }

  return {
    async beginUpload(key, { maxBytes }) {
      const target = pathOf(key)
      await roomFor(key, () => mkdir(tempFolder, { recursive: true }))
      return localUpload(key, target, path.join(tempFolder, `${randomUUID()}.partial`), maxBytes)
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
      // Opened before answering, and streamed from that handle: a stream of the path would open the
      // file only once read, and fail then (ENOENT with maybe nobody listening yet, which stops the
      // server) if the file went in between: a template deleted while a job copies it.
      const file = await Promise.resolve()
        .then(() => openFile(pathOf(key), 'r'))
        .catch(() => null)
      if (!file) return null
      try {
        const info = await file.stat()
        if (info.isFile()) return { stream: file.createReadStream(range ? { start: range.start, end: range.end } : {}), size: info.size }
      } catch {
        // Unreadable as a file: answered as no such file, below.
      }
      await file.close().catch(() => undefined)
      return null
    },

    async withLocalFile(key, use) {
      const full = pathOf(key)
      const info = await stat(full).catch(() => null)
      if (!info?.isFile()) throw new Error(`no stored file at ${key}`)
      return use(full)
    },

    async remove(key) {
      const full = pathOf(key)
      await rm(full, { force: true })
      await removeEmptyFolders(path.dirname(full))
    },

    async removePrefix(prefix) {
      const full = pathOf(prefix)
      await rm(full, { recursive: true, force: true })
      await removeEmptyFolders(path.dirname(full))
    },

    async sweep({ staleBefore }) {
      let staleUploads = 0
      for (const entry of await readdir(tempFolder, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(tempFolder, entry.name)
        const info = await lstat(full).catch(() => null)
        if (!info || info.mtime >= staleBefore) continue
        await rm(full, { recursive: true, force: true })
        staleUploads += 1
      }
      return { staleUploads, emptyFolders: await sweepEmptyFolders(resolved, tempFolder) }
    },

    async ready() {
      // A real write where uploads are written (not access(W_OK), which says yes to root on a read-only
      // folder); an empty file the sweep would also take if the process died just after making it.
      await mkdir(tempFolder, { recursive: true })
      const probe = path.join(tempFolder, `ready-${randomUUID()}`)
      await writeFile(probe, '', { flag: 'wx' })
      await rm(probe, { force: true })
    },
  }
}

/** Removes the empty folders under `folder`, deepest first; returns how many. */
async function sweepEmptyFolders(folder: string, tempFolder: string): Promise<number> {
  let entries: Dirent[]
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch {
    return 0
  }
  let removed = 0
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    const child = path.join(folder, entry.name)
    removed += await sweepEmptyFolders(child, tempFolder)
    if (child !== tempFolder && (await removeIfEmpty(child))) removed += 1
  }
  return removed
}

/** Removes `folder` if it is empty; false when it is not (or is gone). rmdir refuses a folder that is not empty, so a file that arrives meanwhile is never lost. */
async function removeIfEmpty(folder: string): Promise<boolean> {
  try {
    await rmdir(folder)
    return true
  } catch {
    return false
  }
}

function localUpload(key: string, target: string, temp: string, maxBytes: number): PendingUpload {
  let step: 'begun' | 'writing' | 'written' | 'committed' | 'discarded' = 'begun'
  // Read through a function: `discard` may change the step while `write` awaits.
  const discarded = () => step === 'discarded'
  const keepAlive = setInterval(() => {
    const now = new Date()
    // Before the first byte there is no file yet; after a commit or discard the timer is gone.
    utimes(temp, now, now).catch(() => undefined)
  }, PENDING_UPLOAD_KEEP_ALIVE_MS)
  keepAlive.unref()
  return {
    key,

    async write(source): Promise<SavedFile> {
      if (step !== 'begun') throw new Error(`an upload is written once (${key} is ${step})`)
      step = 'writing'
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
        await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }))
      } catch (error) {
        step = 'discarded'
        clearInterval(keepAlive)
        await rm(temp, { force: true })
        throw isNoRoomLeft(error) ? new StorageFullError(key, error) : error
      }
      if (discarded()) throw new Error(`the upload to ${key} was discarded while it was written`)
      step = 'written'
      return { size, head: Buffer.concat(headChunks) }
    },

    async commit() {
      if (step !== 'written') throw new Error(`only a written upload can be committed (${key} is ${step})`)
      // A sweep may remove the folder between mkdir and rename (it was empty): make it again.
      for (let attempt = 1; ; attempt++) {
        await roomFor(key, () => mkdir(path.dirname(target), { recursive: true }))
        try {
          await rename(temp, target)
          break
        } catch (error) {
          if (errorCode(error) !== 'ENOENT' || attempt === 3) throw error
        }
      }
      step = 'committed'
      clearInterval(keepAlive)
    },

    async discard() {
      if (step === 'committed' || step === 'discarded') return
      // Discarding mid-write unlinks the file; the bytes still arriving go nowhere.
      step = 'discarded'
      clearInterval(keepAlive)
      await rm(temp, { force: true })
    },
  }
}
