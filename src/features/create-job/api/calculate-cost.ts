// POST /clerk/calculate-cost (portal-spec.md §3, §7): the audio files and the report type as multipart,
// with the upload's progress, a cancel and the spec's 10-minute limit. The server measures and stores
// the files under a folder token the job is later created with.
import { CALCULATE_COST_FIELDS, CALCULATE_COST_TIMEOUT_MS, CalculateCostResponse } from '@contract/create-job.ts'
import { apiRequest, type UploadProgress } from '@/lib/api-client'
import type { DraftFile } from '../draft/wizard-draft'

export interface CalculateCostRequest {
  /** Files sent whole, as multipart parts. */
  audioFiles: readonly DraftFile[]
  /** Finished tus uploads named instead of their bytes (README "API notes: uploads that resume (tus)"). */
  uploadIds?: readonly string[]
  /** The name each of `uploadIds` is used under (`upload_names`, same order): the draft's, which a rename may have changed. */
  uploadNames?: readonly string[]
  reportTypeId: number
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
}

/** The form as sent: the report type first, so the server knows it before the audio streams in. */
export function calculateCostForm(audioFiles: readonly DraftFile[], reportTypeId: number, uploadIds: readonly string[] = [], uploadNames: readonly string[] = []): FormData {
  const form = new FormData()
  form.append(CALCULATE_COST_FIELDS.reportTypeId, String(reportTypeId))
  for (const audio of audioFiles) form.append(CALCULATE_COST_FIELDS.audioFiles, audio.file, audio.name)
  for (const id of uploadIds) form.append(CALCULATE_COST_FIELDS.uploadIds, id)
  for (const name of uploadNames) form.append(CALCULATE_COST_FIELDS.uploadNames, name)
  return form
}

export function calculateCost({ audioFiles, uploadIds, uploadNames, reportTypeId, signal, onProgress }: CalculateCostRequest): Promise<CalculateCostResponse> {
  return apiRequest('/clerk/calculate-cost', {
    method: 'POST',
    form: calculateCostForm(audioFiles, reportTypeId, uploadIds, uploadNames),
    signal,
    onProgress,
    timeoutMs: CALCULATE_COST_TIMEOUT_MS,
    schema: CalculateCostResponse,
    failureMessage: 'Failed to calculate cost',
  })
}

/**
 * GET /clerk/calculate-cost/:folderToken: the same answer again while the server still holds the
 * folder an earlier answer named (unused, unexpired); 404, 410 folder_expired or 409 otherwise. A
 * draft kept on the device asks it instead of uploading its audio a second time.
 */
export function storedFolderCost(folderToken: string, signal?: AbortSignal): Promise<CalculateCostResponse> {
  return apiRequest(`/clerk/calculate-cost/${encodeURIComponent(folderToken)}`, {
    signal,
    schema: CalculateCostResponse,
    failureMessage: 'Failed to calculate cost',
  })
}
