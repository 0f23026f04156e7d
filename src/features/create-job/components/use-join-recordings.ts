// Step 2's "Join into one recording" (docs/decisions/joined-recordings.md): asks the server to join the
// priced folder's recordings into one, then puts the new answer in the draft with the clerk's choice
// priced anew. The draft's separate files are not touched: they stay until the job is sent. A failure
// is said in the server's words (naming the recording), else the portal's; nothing is lost.
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import type { JobType, SlaSlot } from '@contract/lookups.ts'
import { failureText } from '@/lib/failure-text'
import { joinRecordings } from '../api/join-recordings'
import type { ChosenOption, WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { aiOption, toChosenOption } from '../lib/cost-options'
import { WIZARD_TEXT as TEXT } from '../messages'

export type JoinState = { status: 'idle' } | { status: 'joining' } | { status: 'failed'; message: string }

export function useJoinRecordings(draft: WizardDraft, dispatch: Dispatch<WizardAction>, jobTypes: readonly JobType[], slots: readonly SlaSlot[]) {
  const [state, setState] = useState<JoinState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)
  // Leaving the step stops waiting for the answer (the server finishes the join; its folder expires unused).
  useEffect(() => () => running.current?.abort(), [])

  const join = useCallback(async () => {
    const { cost, reportTypeId } = draft
    if (!cost || reportTypeId === null || running.current) return
    const controller = new AbortController()
    running.current = controller
    setState({ status: 'joining' })
    try {
      const answer = await joinRecordings({ folderToken: cost.folder_token, reportTypeId, signal: controller.signal })
      dispatch({ type: 'recordingsJoined', answer, from: cost.folder_token, option: sameChoice(draft, answer, jobTypes, slots) })
      setState({ status: 'idle' })
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: failureText(error, { network: TEXT.joinFailed, fallback: TEXT.joinFailed }) })
    } finally {
      running.current = null
    }
  }, [draft, dispatch, jobTypes, slots])

  return { state, join }
}

/** The clerk's choice (AI, or a cell of the grid such as AI + Proofreading) at the joined recording's price. */
function sameChoice(draft: WizardDraft, answer: CalculateCostResponse, jobTypes: readonly JobType[], slots: readonly SlaSlot[]): ChosenOption | null {
  if (draft.mode === 'ai') return aiOption(answer.cost, jobTypes, slots)
  const chosen = draft.option
  const same = chosen && answer.cost.find((option) => option.job_type_id === chosen.jobTypeId && option.sla_slot_id === chosen.slaSlotId)
  return same ? toChosenOption(same, slots) : null
}
