// Step 1's upload of the audio to calculate-cost: its progress, its cancel, and what the clerk is told
// when it fails (the server's words name the file and say why; else the spec's default). The draft is
// never touched here: a failed or cancelled upload keeps the address and the files as they were.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { ApiError } from '@/lib/api-client'
import { failureText } from '@/lib/failure-text'
import { calculateCost } from '../api/calculate-cost'
import type { DraftFile } from '../draft/wizard-draft'
import { WIZARD_TEXT as TEXT } from '../messages'

export type CostUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' }

export function useCostUpload() {
  const [state, setState] = useState<CostUploadState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)
  // Leaving the page stops the upload: nobody would see its answer.
  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(async (audioFiles: readonly DraftFile[], reportTypeId: number): Promise<CalculateCostResponse | null> => {
    const controller = new AbortController()
    running.current = controller
    const bytes = audioFiles.reduce((sum, file) => sum + file.size, 0)
    setState({ status: 'uploading', loaded: 0, total: bytes })
    try {
      const answer = await calculateCost({
        audioFiles,
        reportTypeId,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setState({ status: 'uploading', loaded, total: total ?? bytes }),
      })
      setState({ status: 'idle' })
      return answer
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'aborted') setState({ status: 'cancelled' })
      else setState({ status: 'failed', message: failureText(error, { network: TEXT.costFailed, fallback: TEXT.costFailed }) })
      return null
    } finally {
      if (running.current === controller) running.current = null
    }
  }, [])

  const cancel = useCallback(() => running.current?.abort(), [])
  const clear = useCallback(() => setState({ status: 'idle' }), [])
  return { state, start, cancel, clear }
}
