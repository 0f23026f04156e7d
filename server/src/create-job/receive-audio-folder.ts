// Calculate-cost's folder of audio (docs/decisions/calculate-cost-and-upload-folders.md):
// every `audio_files` part is streamed to storage under a new folder token of the clerk's, its
// extension and first bytes checked as it arrives; then each file is measured by ffmpeg from the
// stored file and the folder's rows are written. On any refusal or failure every file of the request
// is taken back and the folder's row removed: nothing of a refused request stays. With `join`, the
// files (or those of a folder priced before) are joined in order into one recording, which alone is
// kept and measured (join-audio-folder.ts).
//
// Order, so that a crash anywhere leaves nothing the sweeps miss: the folder's row is reserved first
// (it also counts towards the clerk's open folders), the files are received uncommitted (a crash leaves
// them in storage's `.tmp`, which the storage sweep clears), committed and measured, and the files'
// rows and the total are written last. A crash leaves a reservation whose lease is no longer renewed:
// the upload-folder sweep clears it, and any file committed under its prefix, soon after the lease ends.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AUDIO_MAX_BYTES, AUDIO_MAX_FILES, CALCULATE_COST_FIELDS, FOLDER_TOKEN_LIFETIME_HOURS, JOIN_VALUE } from '@contract/create-job.ts'
import { AudioMeasureError, type MeasureAudioFile } from '../audio/measure-with-ffmpeg.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { resumableUploadsRepository } from '../repositories/resumable-uploads-repository.ts'
import { uploadFolderPrefix, uploadFoldersRepository } from '../repositories/upload-folders-repository.ts'
import { RESUMABLE_UPLOAD_MESSAGES as RM } from '../resumable-uploads/resumable-upload-messages.ts'
import type { ResumableUploads } from '../resumable-uploads/tus-server.ts'
import { safeFileName, type FileStorage } from '../storage/file-storage.ts'
import { readFilesForm, undoAll, type FilesForm } from '../uploads/multipart-form.ts'
import { receiveUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import { CALCULATE_COST_MESSAGES as M } from './calculate-cost-messages.ts'
import { audioFileChecks } from './audio-file-checks.ts'
import { joinIntoFolder, recordingsOfFolder, type JoinDeps, type StoredRecording } from './join-audio-folder.ts'
import { FOLDER_RESERVATION_LEASE_MS, FOLDER_RESERVATION_RENEW_MS, MAX_OPEN_FOLDERS } from './upload-limits.ts'

/**
 * The form's text fields: the report type, and one `upload_ids` and one `upload_names` per uploaded
 * file (a few more are tolerated and ignored).
 */
const MAX_FIELDS = 5 + 2 * AUDIO_MAX_FILES

export interface AudioFolderDeps {
  db: Db
  storage: FileStorage
  /** The process's one measurer: it bounds how many ffmpeg runs go at once. */
  measure: MeasureAudioFile
  /** Where finished tus uploads are staged (`upload_ids`); without it the field is refused. */
  resumableUploads?: Pick<ResumableUploads, 'staging'>
  /** Joins recordings for `join` (the process's one bounded joiner and its work folder). */
  joining?: Omit<JoinDeps, 'storage'>
}

export interface MeasuredFile {
  fileName: string
  size: number
  /** Exact duration in whole milliseconds: what is stored (3 decimals) and priced. */
  durationMs: number
}

export interface AudioFolder {
  token: string
  files: MeasuredFile[]
  totalMs: number
  expiresAt: Date
}

/**
 * Reserves the folder's token for the clerk before a byte of the upload is read, refusing (429) a clerk
 * who already holds MAX_OPEN_FOLDERS: the count and the reservation are one step in the database, so
 * requests sent at once cannot all pass it (issue 24 item 3). The reservation is held while this request
 * runs (a lease renewed in the database, so any process's sweep can tell a live one from a crashed one).
 */
async function reserveFolder(db: Db, userId: string, token: string): Promise<{ release(): void }> {
  const leaseUntil = () => new Date(Date.now() + FOLDER_RESERVATION_LEASE_MS)
  const reservation = await uploadFoldersRepository.reserve(db, { token, userId, leaseUntil: leaseUntil(), limit: MAX_OPEN_FOLDERS })
  if (!reservation.reserved) throw new HttpError(429, M.tooManyFolders(reservation.open), 'rate_limited')
  const renewal = setInterval(() => {
    // A failed renewal is tried again at the next beat; the lease outlasts several.
    uploadFoldersRepository.renewLease(db, token, leaseUntil()).catch(() => undefined)
  }, FOLDER_RESERVATION_RENEW_MS)
  renewal.unref()
  return { release: () => clearInterval(renewal) }
}

/** Reserves a new folder of the clerk's, then reads, checks, stores and measures the request's audio into it. */
export async function receiveAudioFolder(request: FastifyRequest, userId: string, deps: AudioFolderDeps): Promise<AudioFolder> {
  const { db, storage } = deps
  const token = randomUUID()
  const folder = uploadFolderPrefix(userId, token).replace(/\/$/, '')
  const reservation = await reserveFolder(db, userId, token)
  let form: FilesForm<never> | undefined
  try {
    const allowed = (await lookupsRepository.allowedFileTypes(db)).audio
    form = await readAudioForm(request, storage, folder, allowed)
    // The multipart files first, then the finished tus uploads in the order their ids were sent; all
    // in one list, so a refusal below takes every one of them back (undoAll).
    const files = form.files.get(CALCULATE_COST_FIELDS.audioFiles) ?? []
    form.files.set(CALCULATE_COST_FIELDS.audioFiles, files)
    const uploadIds = form.fieldValues.get(CALCULATE_COST_FIELDS.uploadIds) ?? []
    const uploadNames = form.fieldValues.get(CALCULATE_COST_FIELDS.uploadNames)
    if (uploadNames && uploadNames.length !== uploadIds.length) throw new HttpError(400, M.uploadNamesCount)
    const reportTypeId = await knownReportType(db, form.fields.get(CALCULATE_COST_FIELDS.reportTypeId))
    const join = joinRequest(form.fields)
    if (files.length + uploadIds.length > AUDIO_MAX_FILES) throw new HttpError(400, M.tooManyFiles)
    if (join.folder !== undefined) {
      if (files.length + uploadIds.length > 0) throw new HttpError(400, M.joinFolderWithFiles)
      const recordings = await recordingsOfFolder(db, userId, join.folder)
      files.push(await joinInto(deps, recordings, folder, allowed))
    } else {
      if (files.length + uploadIds.length === 0) throw new HttpError(400, M.filesRequired, 'file_required')
      if (join.join && files.length + uploadIds.length < 2) throw new HttpError(400, M.joinNeedsTwo)
      for (const [index, id] of uploadIds.entries()) {
        files.push(await receiveFinishedUpload(deps, userId, { id, name: uploadNames?.[index] }, folder, allowed, uploadIds))
      }
      if (join.join) {
        // The parts must be at their keys for ffmpeg to read them; once joined they go, and the folder
        // keeps the joined recording alone.
        for (const file of files) await file.commit()
        const joined = await joinInto(deps, files.map((file) => ({ key: file.key, fileName: file.fileName })), folder, allowed)
        const parts = files.splice(0, files.length, joined)
        for (const part of parts) await part.undo()
      }
    }
    for (const file of files) await file.commit()
    const durations = await measureAll(deps, files)
    const totalMs = durations.reduce((sum, ms) => sum + ms, 0)
    const now = new Date()
    const expiresAt = new Date(now.getTime() + FOLDER_TOKEN_LIFETIME_HOURS * 60 * 60_000)
    await db.transaction(async (tx) => {
      // Claimed in the folder's transaction: of two requests naming one upload, one alone makes a folder.
      if ((await resumableUploadsRepository.claimUnused(tx, userId, uploadIds, now)) !== uploadIds.length) {
        throw new HttpError(400, RM.notReady, 'upload_not_ready')
      }
      await uploadFoldersRepository.addMeasuredFiles(
        tx,
        token,
        { reportTypeId, audioDurationSeconds: secondsText(totalMs), expiresAt },
        files.map((file, index) => ({ fileKey: file.key, fileName: file.fileName, sizeBytes: file.size, durationSeconds: secondsText(durations[index]!) })),
      )
    })
    // The copies are in the clerk's storage now: the staged files go (their rows stay, marked used). The
    // folder is committed, so a removal that fails (object storage away a moment) must not fail the
    // request, whose catch would undo the stored copies of uploads now marked used: the rows' sweep
    // removes the staged bytes when the row expires.
    for (const id of uploadIds) {
      await deps.resumableUploads!.staging.remove(id).catch((error: unknown) => {
        request.log.warn({ err: error, uploadId: id }, 'a used resumable upload could not be removed from staging; the sweep removes it when its row expires')
      })
    }
    return { token, files: files.map((file, index) => ({ fileName: file.fileName, size: file.size, durationMs: durations[index]! })), totalMs, expiresAt }
  } catch (error) {
    if (form) await undoAll(form.files)
    await uploadFoldersRepository.removeUnused(db, token)
    throw error
  } finally {
    reservation.release()
  }
}

/**
 * Copies one of the clerk's finished tus uploads into the folder exactly as a multipart part is
 * received (receiveUpload: type, size limit, content signature; measured with the others after), so an
 * uploaded file ends where a multipart one does, through file-storage.ts. Anything but the clerk's own
 * finished, unused, unexpired upload is refused (400 upload_not_ready): the portal uploads it again.
 * `name`, when the form gives one (`upload_names`), is the one it is kept under, checked by the same
 * rules as a multipart part's file name (receiveUpload: cleaned, its extension an allowed audio type,
 * the content's signature matching it); otherwise the name the upload was created with.
 */
async function receiveFinishedUpload(
  { db, storage, resumableUploads }: AudioFolderDeps,
  userId: string,
  { id, name: givenName }: { id: string; name: string | undefined },
  folder: string,
  allowed: string[],
  allIds: string[],
): Promise<ReceivedUpload> {
  const notReady = new HttpError(400, RM.notReady, 'upload_not_ready')
  if (!resumableUploads || allIds.indexOf(id) !== allIds.lastIndexOf(id)) throw notReady
  const row = await resumableUploadsRepository.findOwned(db, userId, id)
  if (!row || !row.finishedAt || row.usedAt || row.expiresAt <= new Date()) throw notReady
  // Opened here, once: the clerk may take the upload back (DELETE) or the sweep remove it at any moment
  // (upload-staging.ts openFinished).
  const file = await resumableUploads.staging.openFinished(id)
  if (!file) throw notReady
  try {
    const name = safeFileName(givenName ?? row.fileName, 'audio')
    return await receiveUpload(storage, { filename: name, file }, audioFileChecks(folder, allowed, name))
  } finally {
    // Closes the file however the copy ended (read to its end, refused, or never begun).
    file.destroy()
  }
}

/** Reads the form, each `audio_files` part received (streamed, its type, size and first bytes checked) as it arrives. */
function readAudioForm(request: FastifyRequest, storage: FileStorage, folder: string, allowed: string[]) {
  return readFilesForm(request, {
    fileFields: {
      [CALCULATE_COST_FIELDS.audioFiles]: {
        maxFiles: AUDIO_MAX_FILES,
        tooMany: M.tooManyFiles,
        receive: (part) => {
          const name = safeFileName(part.filename, 'audio')
          return receiveUpload(storage, part, audioFileChecks(folder, allowed, name))
        },
      },
    },
    maxFileBytes: AUDIO_MAX_BYTES,
    maxFields: MAX_FIELDS,
    requiredText: M.filesRequired,
  })
}

/** What the form asks of `join` (README "API notes"): a bad value is refused, never guessed at. */
function joinRequest(fields: Map<string, string>): { join: boolean; folder?: string } {
  const value = fields.get(CALCULATE_COST_FIELDS.join)
  const folder = fields.get(CALCULATE_COST_FIELDS.joinFolder)
  if (value !== undefined && value.trim() !== JOIN_VALUE) throw new HttpError(400, M.joinValue)
  if (folder !== undefined && value === undefined) throw new HttpError(400, M.joinFolderWithoutJoin)
  return { join: value !== undefined, ...(folder !== undefined ? { folder: folder.trim() } : {}) }
}

/** Joins stored recordings into the folder; a recording ffmpeg cannot read is refused by its name as the measure refuses it. */
async function joinInto(deps: AudioFolderDeps, recordings: StoredRecording[], folder: string, allowed: string[]): Promise<ReceivedUpload> {
  if (!deps.joining) throw new Error('calculate-cost was set up without a joiner')
  try {
    return await joinIntoFolder({ storage: deps.storage, ...deps.joining }, recordings, folder, allowed)
  } catch (error) {
    throw measureRefusal(error)
  }
}

/** Seconds as the folder tables keep them: decimal text with 3 places. */
export const secondsText = (ms: number) => (ms / 1000).toFixed(3)

async function knownReportType(db: Db, sent: string | undefined): Promise<number> {
  const text = sent?.trim() ?? ''
  if (!text) throw new HttpError(400, M.reportTypeRequired)
  const id = /^\d{1,9}$/.test(text) ? Number(text) : NaN
  if (!(await lookupsRepository.reportTypes(db)).some((type) => type.id === id)) throw new HttpError(400, M.reportTypeUnknown)
  return id
}

/**
 * Each committed file's duration in whole milliseconds. Every measure is let finish before a
 * refusal goes on (no ffmpeg is left reading a file being taken back); the refusal names the first
 * refused file in the order sent.
 */
async function measureAll({ storage, measure }: AudioFolderDeps, files: ReceivedUpload[]): Promise<number[]> {
  const results = await Promise.allSettled(files.map((file) => storage.withFfmpegInput(file.key, (input) => measure(input, file.fileName))))
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw measureRefusal(failed.reason)
  return results.map((result) => Math.round((result as PromiseFulfilledResult<number>).value * 1000))
}

/** A file the measure could not read is the clerk's to fix (400, naming it); a missing ffmpeg or unreachable storage is ours (500, logged). */
function measureRefusal(error: unknown): unknown {
  if (!(error instanceof AudioMeasureError)) return error
  switch (error.reason) {
    case 'not_audio':
    case 'unsupported_type':
      return new HttpError(400, M.wrongContent(error.fileName), 'file_content_refused')
    case 'header_mismatch':
      return new HttpError(400, M.headerMismatch(error.fileName), 'file_content_refused')
    case 'over_limits':
      return new HttpError(400, M.notMeasured(error.fileName), 'file_content_refused')
    case 'ffmpeg_missing':
    case 'storage_unreachable':
      return error
  }
}

