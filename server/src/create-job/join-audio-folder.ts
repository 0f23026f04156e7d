// Calculate-cost's `join` (docs/decisions/joined-recordings.md): the recordings of a request, or of a
// folder priced before, joined in order into one recording stored in the new folder, so a job type
// that takes one audio file (AI, AI + Proofreading) can be made from it. The joined file is received
// into storage exactly as an upload is (type, size limit, content signature) and measured after with
// the others: its length is what ffmpeg counts in it, never what the parts added up to.
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { IsUuid } from 'typebox/format'
import type { JoinInput, JoinRecordings } from '../audio/join-recordings.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { uploadFoldersRepository } from '../repositories/upload-folders-repository.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { receiveUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import { CALCULATE_COST_MESSAGES as M } from './calculate-cost-messages.ts'
import { folderRefusal } from './create-job.ts'
import { audioFileChecks } from './audio-file-checks.ts'

/** The stored name of a joined recording, before its extension. */
export const JOINED_RECORDING_NAME = 'Joined recording'

export interface JoinDeps {
  storage: FileStorage
  join: JoinRecordings
  /** Where joins write their work (one folder each, removed after); on the same disk as the data. */
  workRoot: string
}

/** A stored recording to join: its storage key and the name its extension is read from. */
export interface StoredRecording {
  key: string
  fileName: string
}

/**
 * Joins `recordings` in order and receives the result into `folder`, not yet committed (the caller
 * commits it with the folder's other files). A recording ffmpeg cannot read throws an
 * AudioMeasureError naming it, refused as the measure's own refusals are.
 */
export async function joinIntoFolder(deps: JoinDeps, recordings: readonly StoredRecording[], folder: string, allowed: string[]): Promise<ReceivedUpload> {
  const workDir = path.join(deps.workRoot, randomUUID())
  await mkdir(workDir, { recursive: true })
  try {
    const joined = await withFfmpegInputs(deps.storage, recordings, (inputs) => deps.join(inputs, workDir))
    const name = `${JOINED_RECORDING_NAME}.${joined.extension}`
    return await receiveUpload(deps.storage, { filename: name, file: createReadStream(joined.filePath) }, audioFileChecks(folder, allowed, name))
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** Runs `use` with where ffmpeg reads every recording (a path, or a presigned URL on object storage). */
function withFfmpegInputs<T>(storage: FileStorage, recordings: readonly StoredRecording[], use: (inputs: JoinInput[]) => Promise<T>): Promise<T> {
  const next = (index: number, inputs: JoinInput[]): Promise<T> => {
    const recording = recordings[index]
    if (!recording) return use(inputs)
    return storage.withFfmpegInput(recording.key, (input) => next(index + 1, [...inputs, { filePath: input, fileName: recording.fileName }]))
  }
  return next(0, [])
}

/**
 * The recordings of a folder calculate-cost priced before, to join without sending them again: only
 * one a job could still be made from (the clerk's own, measured, unused, unexpired; refused as
 * GET calculate-cost/:folderToken refuses it) and holding at least two recordings.
 */
export async function recordingsOfFolder(db: Db, userId: string, token: string, now = new Date()): Promise<StoredRecording[]> {
  if (!IsUuid(token)) throw folderRefusal({ outcome: 'missing' })
  const found = await uploadFoldersRepository.findOwned(db, userId, token)
  if (!found || found.files.length === 0) throw folderRefusal({ outcome: 'missing' })
  if (found.folder.usedAt) throw folderRefusal({ outcome: 'used', jobId: found.folder.jobId })
  if (found.folder.expiresAt <= now) throw folderRefusal({ outcome: 'expired' })
  if (found.files.length < 2) throw new HttpError(400, M.joinNeedsTwo)
  return found.files.map((file) => ({ key: file.fileKey, fileName: file.fileName }))
}
