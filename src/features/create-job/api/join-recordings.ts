// POST /clerk/calculate-cost with `join` (README "API notes", docs/decisions/joined-recordings.md): the
// server joins, in order, the recordings of a folder it priced before into one recording, measures it
// and answers a new folder holding that one file, priced. Nothing is uploaded again.
import { CALCULATE_COST_FIELDS, CALCULATE_COST_TIMEOUT_MS, CalculateCostResponse, JOIN_VALUE } from '@contract/create-job.ts'
import { apiRequest } from '@/lib/api-client'

export interface JoinRecordingsRequest {
  /** The folder of the answer whose recordings are joined. */
  folderToken: string
  reportTypeId: number
  signal?: AbortSignal
}

export function joinRecordingsForm(folderToken: string, reportTypeId: number): FormData {
  const form = new FormData()
  form.append(CALCULATE_COST_FIELDS.reportTypeId, String(reportTypeId))
  form.append(CALCULATE_COST_FIELDS.join, JOIN_VALUE)
  form.append(CALCULATE_COST_FIELDS.joinFolder, folderToken)
  return form
}

export function joinRecordings({ folderToken, reportTypeId, signal }: JoinRecordingsRequest): Promise<CalculateCostResponse> {
  return apiRequest('/clerk/calculate-cost', {
    method: 'POST',
    form: joinRecordingsForm(folderToken, reportTypeId),
    signal,
    // A re-encode of long recordings takes a while: the same limit as pricing them.
    timeoutMs: CALCULATE_COST_TIMEOUT_MS,
    schema: CalculateCostResponse,
    failureMessage: 'Failed to join recordings',
  })
}
