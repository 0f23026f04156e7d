// Submit on step 4 (portal-spec.md §4 "Submit on step 4 creates the job", §8 "Create job"): sends the
// draft with the attempt's idempotency key (kept in the draft, so a retry after a lost answer is the
// same request and the server makes one job), then on success: the 5 s toast, the credits reread and
// broadcast, the draft emptied, and /dashboard once the form is clean. Without a connection nothing is
// sent: the clerk is told so, and the job goes only when they press Try again (or Submit) once the
// connection is back; never by itself (docs/decisions/wizard-without-a-connection.md).
import { useEffect, useState, type Dispatch } from 'react'
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { APP_TOASTER_ID } from '@/components/app-toaster'
import { ApiError, newIdempotencyKey } from '@/lib/api-client'
import { refreshCredits } from '@/lib/credits'
import { failureText, gotNoAnswer } from '@/lib/failure-text'
import { createJob, createJobForm } from '../api/create-job'
import type { WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { WIZARD_TEXT as TEXT } from '../messages'

/** portal-spec.md §9: the wizard's toast stays 5 s. */
export const WIZARD_TOAST_MS = 5_000

/**
 * `onFolderExpired` gets the server's words when the measured audio's folder expired (410
 * folder_expired): the draft then goes back to step 1, with its files, to upload them again.
 */
export function useSubmitJob(draft: WizardDraft, dispatch: Dispatch<WizardAction>, dirty: boolean, defaultTemplateName: string | null, onFolderExpired: (words: string) => void) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { dispatchToast } = useToastController(APP_TOASTER_ID)
  const [submitted, setSubmitted] = useState(false)
  /** Submit was pressed without a connection: nothing was sent. */
  const [offline, setOffline] = useState(false)

  const mutation = useMutation({
    // Never paused and resumed by TanStack Query when the connection comes back: a job is sent only
    // when the clerk presses Submit or Try again.
    networkMode: 'always',
    mutationFn: ({ form, key }: { form: FormData; key: string }) => createJob(form, key),
    onSuccess: (answer) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{TEXT.created(answer.job_id)}</ToastTitle>
        </Toast>,
        { intent: 'success', timeout: WIZARD_TOAST_MS },
      )
      void refreshCredits(queryClient)
      dispatch({ type: 'reset' })
      setSubmitted(true)
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 'folder_expired') return
      onFolderExpired(failureText(error, { network: TEXT.submitNetwork, fallback: TEXT.folderExpired }))
      dispatch({ type: 'costExpired' })
    },
  })

  // Navigates only once the emptied draft has rendered: leave protection then sees a clean form.
  useEffect(() => {
    if (submitted && !dirty) navigate('/dashboard')
  }, [submitted, dirty, navigate])

  const submit = () => {
    if (mutation.isPending) return
    setOffline(!navigator.onLine)
    if (!navigator.onLine) return mutation.reset()
    const key = draft.submissionKey ?? newIdempotencyKey()
    dispatch({ type: 'beginSubmission', key })
    mutation.mutate({ form: createJobForm(draft, defaultTemplateName), key })
  }

  const expired = mutation.error instanceof ApiError && mutation.error.code === 'folder_expired'
  const lost = offline || (mutation.isError && gotNoAnswer(mutation.error))
  const error = offline ? TEXT.submitOffline : mutation.isError && !expired ? failureText(mutation.error, { network: TEXT.submitLost, fallback: TEXT.submitFailed }) : null
  /** Forgets a failed submit's message (the draft was discarded: it was about another job). */
  const clear = () => {
    setOffline(false)
    mutation.reset()
  }
  /** `retry`: the failure was the connection's, so the alert offers Try again (the same submit, the same key). */
  return { submit, busy: mutation.isPending || submitted, error, retry: lost ? submit : null, clear }
}
