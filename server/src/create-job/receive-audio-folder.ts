// Calculate-cost's folder of audio (docs/decisions/calculate-cost-and-upload-folders.md):
// every `audio_files` part is streamed to storage under a new folder token of the clerk's, its
// extension and first bytes checked as it arrives; then each file is measured by ffmpeg from the
// stored file and the folder's rows are written. On any refusal or failure every file of the request
// is taken back and the folder's row removed: nothing of a refused request stays.
//
// Order, so that a crash anywhere leaves nothing the sweeps miss: the files are received uncommitted
// (a crash leaves them in storage's `.tmp`, which the storage sweep clears), the folder's row is
// reserved, the files are committed and measured, and the files' rows and the total are written last
// (a crash after the reservation leaves a row that expires and the upload-folder sweep clears).
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AUDIO_MAX_BYTES, AUDIO_MAX_FILES, CALCULATE_COST_FIELDS, FOLDER_TOKEN_LIFETIME_HOURS } from '@contract/create-job.ts'
import { AudioMeasureError, type MeasureAudioFile } from '../audio/measure-with-ffmpeg.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { uploadFolderPrefix, uploadFoldersRepository } from '../repositories/upload-folders-repository.ts'
import { safeFileName, type FileStorage } from '../storage/file-storage.ts'
import { withIdleLimit } from '../uploads/idle-limit.ts'
import { readFilesForm, undoAll } from '../uploads/multipart-form.ts'
import { receiveUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import { CALCULATE_COST_MESSAGES as M } from './calculate-cost-messages.ts'
import { MAX_OPEN_FOLDERS, UPLOAD_IDLE_TIMEOUT_MS } from './upload-limits.ts'

/** The form's text fields: only the report type (a few more are tolerated and ignored). */
const MAX_FIELDS = 5

export interface AudioFolderDeps {
  db: Db
  storage: FileStorage
  /** The process's one measurer: it bounds how many ffmpeg runs go at once. */
  measure: MeasureAudioFile
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

/** Refuses a clerk who already holds MAX_OPEN_FOLDERS open folders (429), before reading any upload. */
export async function refuseTooManyFolders(db: Db, userId: string, now = new Date()): Promise<void> {
  const open = await uploadFoldersRepository.countOpen(db, userId, now)
  if (open >= MAX_OPEN_FOLDERS) throw new HttpError(429, M.tooManyFolders(open), 'rate_limited')
}

/** Reads, checks, stores and measures the request's audio into a new folder of the clerk's. */
export async function receiveAudioFolder(request: FastifyRequest, userId: string, deps: AudioFolderDeps): Promise<AudioFolder> {
  const { db, storage } = deps
  const token = randomUUID()
  const folder = uploadFolderPrefix(userId, token).replace(/\/$/, '')
  const allowed = (await lookupsRepository.allowedFileTypes(db)).audio
  const form = await withIdleLimit(request, UPLOAD_IDLE_TIMEOUT_MS, () => readAudioForm(request, storage, folder, allowed))
  const files = form.files.get(CALCULATE_COST_FIELDS.audioFiles) ?? []
  let reserved = false
  try {
    const reportTypeId = await knownReportType(db, form.fields.get(CALCULATE_COST_FIELDS.reportTypeId))
    if (files.length === 0) throw new HttpError(400, M.filesRequired, 'file_required')
    const now = new Date()
    const expiresAt = new Date(now.getTime() + FOLDER_TOKEN_LIFETIME_HOURS * 60 * 60_000)
    await uploadFoldersRepository.create(db, { token, userId, reportTypeId, audioDurationSeconds: '0', expiresAt, createdAt: now }, [])
    reserved = true
    for (const file of files) await file.commit()
    const durations = await measureAll(deps, files)
    const totalMs = durations.reduce((sum, ms) => sum + ms, 0)
    await db.transaction((tx) =>
      uploadFoldersRepository.addMeasuredFiles(
        tx,
        token,
        secondsText(totalMs),
        files.map((file, index) => ({ fileKey: file.key, fileName: file.fileName, sizeBytes: file.size, durationSeconds: secondsText(durations[index]!) })),
      ),
    )
    return { token, files: files.map((file, index) => ({ fileName: file.fileName, size: file.size, durationMs: durations[index]! })), totalMs, expiresAt }
  } catch (error) {
    await undoAll(form.files)
    if (reserved) await uploadFoldersRepository.removeUnused(db, token)
    throw error
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
          return receiveUpload(storage, part, {
            folder,
            allowed,
            maxBytes: AUDIO_MAX_BYTES,
            fallbackName: 'audio',
            texts: { wrongType: M.wrongType(name, allowed), wrongContent: M.wrongContent(name), tooLarge: M.tooLarge(name, AUDIO_MAX_BYTES) },
          })
        },
      },
    },
    maxFileBytes: AUDIO_MAX_BYTES,
    maxFields: MAX_FIELDS,
    requiredText: M.filesRequired,
  })
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
  const results = await Promise.allSettled(files.map((file) => storage.withLocalFile(file.key, (filePath) => measure(filePath, file.fileName))))
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw measureRefusal(failed.reason)
  return results.map((result) => Math.round((result as PromiseFulfilledResult<number>).value * 1000))
}

/** A file the measure could not read is the clerk's to fix (400, naming it); a missing ffmpeg is ours (500, logged). */
function measureRefusal(error: unknown): unknown {
  if (!(error instanceof AudioMeasureError)) return error
  switch (error.reason) {
    case 'not_audio':
    case 'unsupported_type':
      return new HttpError(400, M.wrongContent(error.fileName), 'file_content_refused')
    case 'over_limits':
      return new HttpError(400, M.notMeasured(error.fileName), 'file_content_refused')
    case 'ffmpeg_missing':
      return error
  }
}
