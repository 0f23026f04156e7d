// Where each draft file's resumable (tus) upload lives on the server: its address, kept on the file's
// own record in clerkFiles (src/lib/local-db.ts), never in tus-js-client's localStorage (which grows
// without bound and finds uploads by a fingerprint iOS may change when a file is picked again). Being
// a field of the file's record, it goes wherever the file goes: removed with the file from the draft,
// erased with the draft (src/lib/clerk-drafts.ts). docs/decisions/resumable-uploads-portal.md.
import { localDb, type LocalDb } from './local-db'

export interface UploadedFile {
  id: string
  blob: Blob
}

/**
 * Keeps `url` as the address of the upload of `file`. The upload starts as soon as the file is chosen,
 * which can be before the draft saver has written the file: then the file is written here, with its
 * address, and the saver finds it already stored (it never writes a stored file twice).
 */
export async function keepUploadAddress(clerk: string, file: UploadedFile, url: string, db: LocalDb = localDb): Promise<void> {
  try {
    await db.transaction('rw', db.clerkFiles, async () => {
      const record = await db.clerkFiles.get([clerk, file.id])
      await db.clerkFiles.put(record ? { ...record, uploadUrl: url } : { clerk, fileId: file.id, blob: file.blob, uploadUrl: url })
    })
  } catch {
    // Refused (a private window, a full disk): the upload goes on, it only cannot resume after a reload.
  }
}

/** The kept address of the upload of the draft file `fileId`, if there is one. */
export async function readUploadAddress(clerk: string, fileId: string, db: LocalDb = localDb): Promise<string | undefined> {
  try {
    return (await db.clerkFiles.get([clerk, fileId]))?.uploadUrl
  } catch {
    return undefined
  }
}

/** Forgets the address (the upload was cancelled, or the server no longer has it): the file stays. */
export async function clearUploadAddress(clerk: string, fileId: string, db: LocalDb = localDb): Promise<void> {
  try {
    await db.transaction('rw', db.clerkFiles, async () => {
      const record = await db.clerkFiles.get([clerk, fileId])
      if (!record?.uploadUrl) return
      const { uploadUrl: _gone, ...withoutAddress } = record
      await db.clerkFiles.put(withoutAddress)
    })
  } catch {
    // Refused: nothing to forget either.
  }
}
