// The tus 1.0.0 server behind /api/uploads (creation, expiration, termination): a clerk's audio file
// arrives in as many PATCH requests as the connection needs, each resuming at the last byte the server
// acknowledged (README, API notes: uploads that resume).
//
// Where the bytes are staged follows the storage settings (upload-staging.ts): on local disk,
// @tus/file-store in DATA_DIR/resumable-uploads, a folder every process on the same data folder reads;
// with S3_BUCKET, @tus/s3-store keeps each upload as a multipart upload in the bucket, so any process
// on the same bucket and database resumes an upload another began
// (docs/decisions/resumable-uploads-on-object-storage.md). The staged upload is not the clerk's stored
// file: calculate-cost checks and measures a finished upload exactly as it does a multipart one and
// copies it into the clerk's storage through file-storage.ts.
//
// Who owns an upload is a database row (resumable_uploads), written at creation; the route checks it
// before tus sees any other request. Only the route's checks and these hooks decide; tus answers the
// protocol.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { MemoryLocker, Server, type Locker, type Upload } from '@tus/server'
import { AUDIO_MAX_BYTES } from '@contract/create-job.ts'
import type { StorageSetting } from '../config.ts'
import type { Db } from '../db/database.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { resumableUploadsRepository } from '../repositories/resumable-uploads-repository.ts'
import { extensionOf, safeFileName } from '../storage/file-storage.ts'
import { contentMatchesExtension } from '../uploads/file-signatures.ts'
import { RESUMABLE_UPLOAD_MESSAGES as M } from './resumable-upload-messages.ts'
import { createUploadStaging, type UploadStaging } from './upload-staging.ts'
import { FINISHED_UPLOAD_LIFETIME_MS, MAX_UNUSED_UPLOADS, UNFINISHED_UPLOAD_LIFETIME_MS } from './upload-limits.ts'

export { RESUMABLE_UPLOADS_FOLDER } from './upload-staging.ts'

export interface ResumableUploads {
  tus: Server
  /** Where the uploads' bytes are staged (local disk or the bucket), and how to read and remove them. */
  staging: UploadStaging
  /** Tells the hooks who sent this request (the route has authenticated it). */
  setClerk(request: IncomingMessage, userId: string): void
}

/** tus's refusal: its hooks throw this shape, and tus answers it with the status and the text. */
const refusal = (status_code: number, body: string) => ({ status_code, body })

/** The Node request under tus's web Request (srvx keeps it there). */
const nodeRequestOf = (req: Request) => (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req

export function createResumableUploads({ db, dataDir, storage = { kind: 'local' }, mountPath, locker }: { db: Db; dataDir: string; storage?: StorageSetting; mountPath: string; locker?: Locker }): ResumableUploads {
  // The store's own deleteExpired is never called: it took finished uploads too (their `.json` keeps
  // offset 0, so size !== offset holds for every upload; tus-node-server's known trap). The sweep
  // works from the database rows instead (tasks/resumable-upload-sweep.ts). The expiration here only
  // makes tus send Upload-Expires and answer 410 to a PATCH of an expired upload.
  const staging = createUploadStaging(storage, dataDir, UNFINISHED_UPLOAD_LIFETIME_MS)
  const clerks = new WeakMap<IncomingMessage, string>()
  const clerkOf = (req: Request) => {
    const node = nodeRequestOf(req)
    const userId = node ? clerks.get(node) : undefined
    // The route sets it for every request it hands over; a request without one never reaches tus.
    if (!userId) throw refusal(404, M.notFound)
    return userId
  }
  const tus = new Server({
    path: mountPath,
    datastore: staging.datastore,
    // The portal is served from the same origin: the Location header is a path, whatever the proxy.
    relativeLocation: true,
    // The embedded PGlite allows one process only, so the in-process locker is exact there; with
    // PostgreSQL the caller passes the advisory-lock one (db/upload-locker.ts).
    locker: locker ?? new MemoryLocker(),
    // None at creation: tus's own check there runs before onUploadCreate and answers in its words
    // ("Maximum size exceeded"), so the hook checks the declared size in the clerk's. A PATCH can never
    // write past the declared size, which the hook has bounded.
    maxSize: (req) => (req.method === 'POST' ? 0 : AUDIO_MAX_BYTES),
    namingFunction: () => randomUUID(),
    // A finished upload stays until calculate-cost takes it or it expires; the clerk may still cancel it.
    disableTerminationForFinishedUploads: false,

    async onUploadCreate(req, upload) {
      const userId = clerkOf(req)
      if (upload.size === undefined) throw refusal(400, M.lengthRequired)
      const fileName = safeFileName(upload.metadata?.filename ?? '', 'audio')
      const allowed = (await lookupsRepository.allowedFileTypes(db)).audio
      if (!allowed.includes(extensionOf(fileName))) throw refusal(400, M.wrongType(fileName, allowed))
      if (upload.size === 0) throw refusal(400, M.wrongContent(fileName))
      // Checked here only (maxSize is off at creation), so the words are the clerk's.
      if (upload.size > AUDIO_MAX_BYTES) throw refusal(413, M.tooLarge(fileName, AUDIO_MAX_BYTES))
      // A count, not a reservation: two creations at once may pass it together, which bounds the
      // clerk's staged bytes a little looser, never without limit.
      const open = await resumableUploadsRepository.countUnused(db, userId)
      if (open >= MAX_UNUSED_UPLOADS) throw refusal(429, M.tooManyOpen(open))
      const expiresAt = new Date(Date.now() + UNFINISHED_UPLOAD_LIFETIME_MS)
      await resumableUploadsRepository.create(db, { id: upload.id, userId, fileName, sizeBytes: upload.size, expiresAt })
      return { metadata: { filename: fileName } }
    },

    async onUploadFinish(_req, upload) {
      const row = await resumableUploadsRepository.findById(db, upload.id)
      const fileName = row?.fileName ?? 'audio'
      if (!contentMatchesExtension(extensionOf(fileName), await staging.readHead(upload.id))) {
        // Refused as the multipart path refuses it, and nothing of it stays.
        await removeUpload(staging, db, upload.id)
        throw refusal(400, M.wrongContent(fileName))
      }
      const now = new Date()
      await resumableUploadsRepository.markFinished(db, upload.id, now, new Date(now.getTime() + FINISHED_UPLOAD_LIFETIME_MS))
      return {}
    },
  })

  // Termination: the row goes with the file (tus removed the file).
  tus.on('POST_TERMINATE', (_req: unknown, _res: unknown, id: string) => {
    resumableUploadsRepository.remove(db, id).catch(() => undefined)
  })

  return { tus, staging, setClerk: (request, userId) => clerks.set(request, userId) }
}

/**
 * Removes an upload's staged bytes (either part may be gone already), then its row: the bytes first, so
 * a failure leaves the row for the next sweep to try again.
 */
export async function removeUpload(staging: UploadStaging, db: Db, id: string): Promise<void> {
  await staging.remove(id)
  await resumableUploadsRepository.remove(db, id)
}

export type { Upload }
