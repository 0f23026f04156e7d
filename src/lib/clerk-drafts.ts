// A clerk's draft kept in the local database (src/lib/local-db.ts, version 2): one record per clerk
// (the access token's `sub`, so another clerk signing in on the same tablet never reads it) in
// clerkDrafts, and its files as Blobs in clerkFiles. A file is written once, when it is first saved;
// later saves rewrite only the small record. Files the record no longer names are removed in the same
// transaction that writes it, so the record never names a file that is not there.
// A recording's chunks (version 4) are the draft's too: erased with it.
// Kept across logout and the inactivity logout on purpose; erased by its owner (submit, discard) and
// by forgetClerk when the account is deleted.
import type { Static, TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { localDb, type LocalDb } from './local-db'
import { currentClerk } from './session'

export interface ClerkFile {
  id: string
  blob: Blob
}

export interface KeptClerkDraft<T> {
  savedAt: number
  value: T
  /** The draft's files by id. */
  files: Map<string, Blob>
}

export interface KeepResult {
  /** 'full': the device refused for lack of room (QuotaExceededError); 'refused': IndexedDB failed otherwise. */
  status: 'saved' | 'full' | 'refused'
  /** Files that were not kept: they did not fit (by `fits`, or the device said so). */
  notKept: string[]
}

/** True for a Blob or File of this page's realm or another's (a Blob cloned by IndexedDB, a test's Blob). */
export function isBlob(value: unknown): value is Blob {
  const tag = Object.prototype.toString.call(value)
  return tag === '[object Blob]' || tag === '[object File]'
}

/** True for a write the device refused for lack of room, wrapped by Dexie or not. */
export function isQuotaError(error: unknown): boolean {
  // Dexie names its own errors after the DOMException it wraps, and keeps that one as `inner`.
  for (let e = error as { name?: unknown; inner?: unknown } | undefined; e && typeof e === 'object'; e = e.inner as typeof e) {
    if (e.name === 'QuotaExceededError') return true
  }
  return false
}

/**
 * Saves `value(kept)` as the clerk's draft, where `kept` are the ids of its files that are stored:
 * each file not stored yet is written first (on its own, so that one that does not fit leaves the
 * rest kept), unless `fits(file)` says it will not fit; then the record.
 */
export async function keepClerkDraft(
  clerk: string,
  files: readonly ClerkFile[],
  value: (kept: ReadonlySet<string>) => unknown,
  fits: (file: ClerkFile) => boolean = () => true,
  db: LocalDb = localDb,
): Promise<KeepResult> {
  const notKept: string[] = []
  try {
    const stored = new Set((await db.clerkFiles.where('clerk').equals(clerk).primaryKeys()).map(([, fileId]) => fileId))
    for (const file of files) {
      if (stored.has(file.id)) continue
      if (!fits(file)) {
        notKept.push(file.id)
        continue
      }
      try {
        await db.clerkFiles.put({ clerk, fileId: file.id, blob: file.blob })
        stored.add(file.id)
      } catch (error) {
        if (!isQuotaError(error)) throw error
        notKept.push(file.id)
      }
    }
    const kept = new Set(files.filter((file) => stored.has(file.id)).map((file) => file.id))
    await db.transaction('rw', db.clerkDrafts, db.clerkFiles, async () => {
      await db.clerkDrafts.put({ id: clerk, savedAt: Date.now(), value: value(kept) })
      const unnamed = await db.clerkFiles.where('clerk').equals(clerk).filter((file) => !kept.has(file.fileId)).primaryKeys()
      await db.clerkFiles.bulkDelete(unnamed)
    })
    return { status: 'saved', notKept }
  } catch (error) {
    return { status: isQuotaError(error) ? 'full' : 'refused', notKept }
  }
}

/**
 * The clerk's kept draft, if its value matches `schema`; one that does not is erased. Unlike readLocal
 * it has no time limit: nothing waits for it (the wizard shows an empty draft meanwhile), and a draft
 * taken for absent after a slow first open would be overwritten by the clerk's next save.
 */
export async function readClerkDraft<S extends TSchema>(clerk: string, schema: S, db: LocalDb = localDb): Promise<KeptClerkDraft<Static<S>> | undefined> {
  try {
    const [record, files] = await db.transaction('r', db.clerkDrafts, db.clerkFiles, () =>
      Promise.all([db.clerkDrafts.get(clerk), db.clerkFiles.where('clerk').equals(clerk).toArray()]),
    )
    if (record === undefined) return undefined
    if (typeof record.savedAt === 'number' && Value.Check(schema, record.value) && files.every((file) => isBlob(file.blob))) {
      return { savedAt: record.savedAt, value: record.value as Static<S>, files: new Map(files.map((file) => [file.fileId, file.blob])) }
    }
    await eraseClerkDraft(clerk, db)
  } catch {
    // Refused or broken: as if nothing were kept.
  }
  return undefined
}

/**
 * Erases the clerk's draft, its files and its recordings' chunks (src/lib/recording-chunks.ts): a
 * recording belongs to the draft, stopped or interrupted, and goes by the same rules as a picked file.
 */
export async function eraseClerkDraft(clerk: string, db: LocalDb = localDb): Promise<void> {
  try {
    await db.transaction('rw', [db.clerkDrafts, db.clerkFiles, db.recordings, db.recordingChunks], async () => {
      await db.clerkDrafts.delete(clerk)
      await db.clerkFiles.where('clerk').equals(clerk).delete()
      await db.recordings.where('clerk').equals(clerk).delete()
      await db.recordingChunks.where('clerk').equals(clerk).delete()
    })
  } catch {
    // Refused: nothing was kept either.
  }
}

/** Erases what this device keeps for the signed-in clerk alone: their account is being deleted. */
export async function forgetCurrentClerk(): Promise<void> {
  const clerk = currentClerk()
  if (clerk !== null) await eraseClerkDraft(clerk)
}
