// A draft that opens past step 1 with a cost answer the server did not give in this page's life (kept
// on the device overnight, restored after a reload) asks once whether the server still holds its
// folder, as soon as there is a connection: an expired folder is found when the wizard opens, not
// when Submit fails. Gone (404) or expired (410): back to step 1 with the server's words, everything
// kept, to upload the audio again (the same path as a submit refused with 410). Used (409): the submit
// says so itself (a retry with the kept idempotency key still gets its job).
import { useEffect, type Dispatch } from 'react'
import { ApiError } from '@/lib/api-client'
import { failureText } from '@/lib/failure-text'
import { useOnlineStatus } from '@/lib/use-online-status'
import { storedFolderCost } from '../api/calculate-cost'
import type { WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { WIZARD_TEXT as TEXT } from '../messages'

export function useRestoredFolderCheck(draft: WizardDraft, dispatch: Dispatch<WizardAction>, knownFolders: Set<string>, onFolderGone: (words: string) => void) {
  const online = useOnlineStatus()
  const folderToken = draft.step > 1 ? draft.cost?.folder_token : undefined
  useEffect(() => {
    if (!folderToken || !online || knownFolders.has(folderToken)) return
    const controller = new AbortController()
    storedFolderCost(folderToken, controller.signal).then(
      () => knownFolders.add(folderToken),
      (error: unknown) => {
        // No answer: asked again when the connection comes back (or the submit finds out).
        if (!(error instanceof ApiError) || error.kind !== 'http') return
        knownFolders.add(folderToken)
        if (error.status !== 404 && error.status !== 410) return
        onFolderGone(failureText(error, { network: TEXT.folderExpired, fallback: TEXT.folderExpired, byCode: { not_found: TEXT.folderExpired } }))
        dispatch({ type: 'costExpired' })
      },
    )
    return () => controller.abort()
  }, [folderToken, online, knownFolders, dispatch, onFolderGone])
}
