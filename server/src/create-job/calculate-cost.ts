// Calculate-cost's answer (portal-spec.md §3, Cost calculation response): the measured folder of audio
// priced for every offered option. The price is from the total as stored (whole milliseconds), so
// create-job, pricing the folder's stored total again, finds the same minutes.
//
// Two ways to the same answer: POST /clerk/calculate-cost receives, measures and stores new audio;
// GET /clerk/calculate-cost/:folderToken answers again for a folder already stored (a draft kept on
// the device asks it before uploading its audio a second time: docs/decisions/wizard-without-a-connection.md).
import type { FastifyRequest } from 'fastify'
import { IsUuid } from 'typebox/format'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import type { Db } from '../db/database.ts'
import { priceAllOptions, toCostOption } from '../jobs/cost-options.ts'
import { billableMinutes } from '../jobs/pricing.ts'
import { uploadFoldersRepository } from '../repositories/upload-folders-repository.ts'
import { folderRefusal } from './create-job.ts'
import { receiveAudioFolder, type AudioFolder, type AudioFolderDeps } from './receive-audio-folder.ts'

export async function calculateCost(request: FastifyRequest, userId: string, deps: AudioFolderDeps): Promise<CalculateCostResponse> {
  return costAnswer(deps.db, await receiveAudioFolder(request, userId, deps))
}

/**
 * The answer for a folder calculate-cost stored before, priced again with today's prices from its
 * stored files and durations. Only while a job could still be made from it: the clerk's own and
 * measured (else 404, as for any record not theirs), unexpired (410 folder_expired) and unused (409
 * duplicate_request, naming the job it made): the same refusals create-job would give.
 */
export async function costOfStoredFolder(db: Db, userId: string, token: string, now = new Date()): Promise<CalculateCostResponse> {
  // Not a token calculate-cost could have made: no such folder (the column holds UUIDs only).
  if (!IsUuid(token)) throw folderRefusal({ outcome: 'missing' })
  const found = await uploadFoldersRepository.findOwned(db, userId, token)
  // A folder with no files is one calculate-cost is still receiving (or gave up on): not yet a folder.
  if (!found || found.files.length === 0) throw folderRefusal({ outcome: 'missing' })
  const { folder, files } = found
  if (folder.usedAt) throw folderRefusal({ outcome: 'used', jobId: folder.jobId })
  if (folder.expiresAt <= now) throw folderRefusal({ outcome: 'expired' })
  const measured = files.map((file) => ({ fileName: file.fileName, size: file.sizeBytes, durationMs: milliseconds(file.durationSeconds) }))
  return costAnswer(db, { token, files: measured, totalMs: milliseconds(folder.audioDurationSeconds), expiresAt: folder.expiresAt })
}

/** Seconds as the folder tables keep them (decimal text, 3 places) in whole milliseconds. */
const milliseconds = (seconds: string) => Math.round(Number(seconds) * 1000)

async function costAnswer(db: Db, folder: AudioFolder): Promise<CalculateCostResponse> {
  const totalSeconds = folder.totalMs / 1000
  return {
    cost: (await priceAllOptions(db, totalSeconds)).map(toCostOption),
    audio_minutes: billableMinutes(totalSeconds),
    folder_token: folder.token,
    audio_duration: totalSeconds,
    audio_files: folder.files.map((file) => ({ file_name: file.fileName, duration: file.durationMs / 1000, size: file.size })),
    expires_at: folder.expiresAt.toISOString(),
  }
}
