// POST /clerk/calculate-cost's answer (portal-spec.md §3, Cost calculation response): the measured
// folder of audio priced for every offered option. The price is from the total as stored (whole
// milliseconds), so create-job, pricing the folder's stored total again, finds the same minutes.
import type { FastifyRequest } from 'fastify'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { priceAllOptions, toCostOption } from '../jobs/cost-options.ts'
import { billableMinutes } from '../jobs/pricing.ts'
import { receiveAudioFolder, refuseTooManyFolders, type AudioFolderDeps } from './receive-audio-folder.ts'

export async function calculateCost(request: FastifyRequest, userId: string, deps: AudioFolderDeps): Promise<CalculateCostResponse> {
  await refuseTooManyFolders(deps.db, userId)
  const folder = await receiveAudioFolder(request, userId, deps)
  const totalSeconds = folder.totalMs / 1000
  return {
    cost: (await priceAllOptions(deps.db, totalSeconds)).map(toCostOption),
    audio_minutes: billableMinutes(totalSeconds),
    folder_token: folder.token,
    audio_duration: totalSeconds,
    audio_files: folder.files.map((file) => ({ file_name: file.fileName, duration: file.durationMs / 1000, size: file.size })),
    expires_at: folder.expiresAt.toISOString(),
  }
}
