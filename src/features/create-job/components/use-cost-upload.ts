// Step 1's cost calculation: the upload of the audio to calculate-cost with its progress and cancel,
// or, when the draft already holds an answer for these very files, the question whether the server
// still holds that folder (no second upload). And what the clerk is told when it fails: the server's
// words naming the file, else the spec's default; without a connection, that the cost waits for it
// (docs/decisions/wizard-without-a-connection.md). The draft is never touched here: a
// failed, cancelled or offline calculation keeps the address and the files as they were.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { ApiError } from '@/lib/api-client'
import { failureText, gotNoAnswer } from '@/lib/failure-text'
import { useOnlineStatus } from '@/lib/use-online-status'
import { calculateCost, storedFolderCost } from '../api/calculate-cost'
import type { DraftFile } from '../draft/wizard-draft'
import { pricingParts, type FileUpload } from '../uploads/pricing-parts'
import { WIZARD_TEXT as TEXT } from '../messages'

export type CostUploadState =
  | { status: 'idle' }
  /** Asking whether the folder of an earlier answer still stands. */
  | { status: 'checking' }
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' }
  /** No connection: nothing was sent (or the call broke off); Next runs again once it is back. */
  | { status: 'offline' }

export interface CostRequest {
  audioFiles: readonly DraftFile[]
  /**
   * The files whose resumable upload finished, by upload id (../uploads/pricing-parts.ts): named to
   * calculate-cost instead of sending their bytes again. Every other file of `audioFiles` is sent whole.
   */
  uploaded?: ReadonlyMap<string, FileUpload>
  reportTypeId: number
  /** The draft's answer for exactly these files and report type, if it has one. */
  earlier: CalculateCostResponse | null
}

export function useCostUpload() {
  const [state, setState] = useState<CostUploadState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)
  /** Folder tokens the server answered for in this page's life: no need to ask about them again. */
  const [knownFolders] = useState(() => new Set<string>())
  // Leaving the page stops the upload: nobody would see its answer.
  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(
    async ({ audioFiles, uploaded, reportTypeId, earlier }: CostRequest): Promise<CalculateCostResponse | null> => {
      if (!navigator.onLine) {
        setState({ status: 'offline' })
        return null
      }
      const controller = new AbortController()
      running.current = controller
      try {
        const answer = (earlier && (await stillStanding(earlier.folder_token, controller.signal, setState))) || (await upload(audioFiles, uploaded ?? new Map(), reportTypeId, controller.signal, setState))
        knownFolders.add(answer.folder_token)
        setState({ status: 'idle' })
        return answer
      } catch (error) {
        setState(failedState(error))
        return null
      } finally {
        if (running.current === controller) running.current = null
      }
    },
    [knownFolders],
  )

  const cancel = useCallback(() => running.current?.abort(), [])
  const clear = useCallback(() => setState({ status: 'idle' }), [])
  return { state, start, cancel, clear, knownFolders }
}

/**
 * Runs `resume` once when the connection comes back while `waiting` (step 1's Next was pressed, or its
 * upload broke off, without a connection). Only a Next the clerk pressed is ever carried on.
 */
export function useResumeWhenBackOnline(waiting: boolean, resume: () => void) {
  const online = useOnlineStatus()
  const wasOnline = useRef(online)
  const onBack = useEffectEvent(resume)
  useEffect(() => {
    const cameBack = online && !wasOnline.current
    wasOnline.current = online
    if (cameBack && waiting) onBack()
  }, [online, waiting])
}

/** The stored folder's answer, or null when the server no longer holds it (gone, expired or used): upload again. */
async function stillStanding(folderToken: string, signal: AbortSignal, setState: (state: CostUploadState) => void): Promise<CalculateCostResponse | null> {
  setState({ status: 'checking' })
  try {
    return await storedFolderCost(folderToken, signal)
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && [404, 409, 410].includes(error.status)) return null
    throw error
  }
}

async function upload(
  audioFiles: readonly DraftFile[],
  uploaded: ReadonlyMap<string, FileUpload>,
  reportTypeId: number,
  signal: AbortSignal,
  setState: (state: CostUploadState) => void,
): Promise<CalculateCostResponse> {
  const send = (whole: readonly DraftFile[], uploadIds: readonly string[] = [], uploadNames: readonly string[] = []) => {
    const bytes = whole.reduce((sum, file) => sum + file.size, 0)
    setState({ status: 'uploading', loaded: 0, total: bytes })
    return calculateCost({
      audioFiles: whole,
      uploadIds,
      uploadNames,
      reportTypeId,
      signal,
      onProgress: ({ loaded, total }) => setState({ status: 'uploading', loaded, total: total ?? bytes }),
    })
  }
  const { uploadIds, uploadNames, multipart } = pricingParts(audioFiles, uploaded)
  if (uploadIds.length === 0) return send(audioFiles)
  try {
    return await send(multipart, uploadIds, uploadNames)
  } catch (error) {
    // The server no longer holds an upload (swept, or used by another tab): send every file whole, as
    // before resumable uploads, rather than lose the clerk's Next.
    if (error instanceof ApiError && error.code === 'upload_not_ready') return send(audioFiles)
    throw error
  }
}

function failedState(error: unknown): CostUploadState {
  if (error instanceof ApiError && error.kind === 'aborted') return { status: 'cancelled' }
  // The signal went while sending: the same as pressing Next offline. With the device still online
  // (a server that cannot be reached, a connection reset), it is the spec's failure: the clerk is not
  // told they are offline, and Next tries again.
  if (gotNoAnswer(error) && !navigator.onLine) return { status: 'offline' }
  return { status: 'failed', message: failureText(error, { network: TEXT.costFailed, fallback: TEXT.costFailed }) }
}
