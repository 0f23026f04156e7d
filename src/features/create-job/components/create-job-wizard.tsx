// The Create Job wizard (portal-spec.md §2, §4, §5): the step indicator, the current step, and the
// buttons that move between steps (Back, Next, Submit) and leave (Cancel Job, with leave protection
// while the draft is dirty). The clerk's balance, default template and the shell's Add Credit dialog
// come from other features, so the app composes them in (src/app/routes/create-job.tsx).
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import { Button, mergeClasses, Spinner } from '@fluentui/react-components'
import { PageTitle } from '@/components/page-title'
import { useLeaveProtection } from '@/lib/leave-protection'
import { useLookup } from '@/lib/lookups'
import { currentClerk } from '@/lib/session'
import { useWizardDraft } from '../draft/use-wizard-draft'
import { aiOption, costStepBlock, pricedFileCount } from '../lib/cost-options'
import { WIZARD_TEXT as TEXT } from '../messages'
import { CostStep } from './cost-step'
import { DraftNotice } from './draft-notice'
import { DocumentsStep, type DefaultTemplate } from './documents-step'
import { GeneralInfoStep } from './general-info-step'
import { StepIndicator } from './step-indicator'
import { SummaryStep } from './summary-step'
import { useCostUpload, useResumeWhenBackOnline } from './use-cost-upload'
import { useResumableUploads } from '../uploads/use-resumable-uploads'
import { useRestoredFolderCheck } from './use-restored-folder-check'
import { useSubmitJob } from './use-submit-job'
import { useWizardStyles } from './wizard-styles'

const NO_FILES: never[] = []

export interface CreateJobWizardProps {
  /** The clerk's balance: undefined while unknown. */
  credits: { balance: number | undefined; failed: boolean }
  template: DefaultTemplate
  /** The shell's Add Credit dialog. */
  AddCreditDialog: ComponentType<{ open: boolean; onClose: () => void }>
}

export function CreateJobWizard({ credits, template, AddCreditDialog }: CreateJobWizardProps) {
  const styles = useWizardStyles()
  const { draft, dispatch, dirty, keeping, loaded, discard } = useWizardDraft()
  const reportTypes = useLookup('report-types')
  const jobTypes = useLookup('job-types').data ?? []
  const slots = useLookup('sla-slots').data ?? []
  const upload = useCostUpload()
  const defaultTemplateName = template.name ?? null
  const [expiredNotice, setExpiredNotice] = useState<string | null>(null)
  const submission = useSubmitJob(draft, dispatch, dirty, defaultTemplateName, setExpiredNotice)
  useRestoredFolderCheck(draft, dispatch, upload.knownFolders, setExpiredNotice)
  const { requestLeave, leaveDialog } = useLeaveProtection(dirty)
  const [addressError, setAddressError] = useState<string | null>(null)
  const [templateError, setTemplateError] = useState<string | null>(null)
  const [addingCredit, setAddingCredit] = useState(false)
  const [clerk] = useState(currentClerk)
  /** A recording is being made: it must be stopped (and become a file) before Next or Discard draft. */
  const [recording, setRecording] = useState(false)
  // The audio uploads in the background from the moment it is chosen, until the job is priced.
  const uploads = useResumableUploads(clerk, loaded && draft.cost === null ? draft.audioFiles : NO_FILES)
  /** Next was pressed and waits for the uploads still running. */
  const [waitingUploads, setWaitingUploads] = useState(false)
  /** The draft as it is now, for a Next that resumes after waiting for the uploads. */
  const latestDraft = useRef(draft)
  useLayoutEffect(() => {
    latestDraft.current = draft
  })

  // §2: the first report type is preselected.
  const firstReportType = reportTypes.data?.[0]?.id
  useEffect(() => {
    if (draft.reportTypeId === null && firstReportType !== undefined) dispatch({ type: 'setReportType', id: firstReportType })
  }, [draft.reportTypeId, firstReportType, dispatch])

  // A new step takes the focus to its heading, so a screen reader starts reading there. A layout
  // effect: the focus moves in the same commit that shows the step, never a moment later.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(draft.step)
  useLayoutEffect(() => {
    if (shownStep.current === draft.step) return
    shownStep.current = draft.step
    headingRef.current?.focus()
  }, [draft.step])

  const uploading = upload.state.status === 'uploading' || upload.state.status === 'checking' || waitingUploads

  const nextFromGeneralInfo = async () => {
    if (!draft.propertyAddress.trim()) return setAddressError(TEXT.addressRequired)
    if (draft.reportTypeId === null) return
    // Offline with an answer for these very files: the choices of steps 2-4 need no connection (the
    // folder is checked once the connection is back, and create-job checks it again on submit).
    if (draft.cost && !navigator.onLine) return dispatch({ type: 'next' })
    const earlier = draft.cost
    const fileIds = draft.audioFiles.map((file) => file.id)
    const reportTypeId = draft.reportTypeId
    setExpiredNotice(null)
    setWaitingUploads(true)
    const uploaded = earlier ? undefined : await uploads.whenSettled()
    setWaitingUploads(false)
    // The audio or the report type changed while the uploads finished: the clerk presses Next again.
    if (latestDraft.current.audioFiles.map((file) => file.id).join() !== fileIds.join() || latestDraft.current.reportTypeId !== reportTypeId) return
    const answer = await upload.start({ audioFiles: draft.audioFiles, uploaded, reportTypeId, earlier })
    if (!answer) return
    // The server holds the same folder at the same prices: step 2 keeps the choice already made.
    if (earlier && JSON.stringify(answer) === JSON.stringify(earlier)) return dispatch({ type: 'next' })
    dispatch({ type: 'costCalculated', answer, fileIds, reportTypeId, aiOption: aiOption(answer.cost, jobTypes, slots) })
  }
  // A Next pressed without a connection carries on by itself once it is back (a submit never does).
  useResumeWhenBackOnline(draft.step === 1 && upload.state.status === 'offline', () => void nextFromGeneralInfo())

  const nextFromDocuments = () => {
    // The spec's "no default template" is said only once the templates are known to be none.
    if (draft.templateChoice === 'default' && template.failed) return setTemplateError(TEXT.templatesFailed)
    if (draft.templateChoice === 'default' && template.name === undefined) return
    if (draft.templateChoice === 'default' && !defaultTemplateName) return setTemplateError(TEXT.templateRequired)
    if (draft.templateChoice === 'custom' && !draft.customTemplate) return setTemplateError(TEXT.templateFileRequired)
    dispatch({ type: 'next' })
  }

  // Discard draft empties the wizard, and the messages about the discarded job go with it.
  const discardDraft = () => {
    discard()
    upload.clear()
    submission.clear()
    setExpiredNotice(null)
    setAddressError(null)
    setTemplateError(null)
  }

  const next = () => {
    if (draft.step === 1) return void nextFromGeneralInfo()
    if (draft.step === 3) return nextFromDocuments()
    dispatch({ type: 'next' })
  }

  const nextDisabled =
    !loaded ||
    (draft.step === 1 && (uploading || recording || draft.audioFiles.length === 0 || draft.reportTypeId === null)) ||
    (draft.step === 2 && costStepBlock(draft.option, pricedFileCount(draft), credits.balance, jobTypes) !== null)
  // The balance is checked again on step 4: a draft restored there, or credits spent in another tab,
  // never reaches a submit the server would refuse (spec §5: the cost must not exceed the balance).
  const submitDisabled =
    !draft.qualityAccepted ||
    !draft.noRefundAccepted ||
    submission.busy ||
    costStepBlock(draft.option, pricedFileCount(draft), credits.balance, jobTypes) !== null
  const reportTypeName = reportTypes.data?.find((type) => type.id === draft.reportTypeId)?.name ?? ''

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <StepIndicator step={draft.step} />
      <DraftNotice keeping={keeping} onDiscard={discardDraft} disabled={uploading || recording || submission.busy} showRoom={draft.step === 1} />
      {!loaded && <Spinner label={TEXT.draftOpening} />}
      {loaded && draft.step === 1 && (
        <GeneralInfoStep
          draft={draft}
          dispatch={dispatch}
          headingRef={headingRef}
          upload={upload.state}
          onCancelUpload={upload.cancel}
          onJobChanged={upload.clear}
          notice={expiredNotice}
          addressError={addressError}
          onAddressTyped={() => setAddressError(null)}
          clerk={clerk}
          onRecordingChange={setRecording}
          fileUploads={uploads.uploads}
          onCancelFileUpload={(id) => void uploads.cancel(id)}
          waitingUploads={waitingUploads}
        />
      )}
      {loaded && draft.step === 2 && (
        <CostStep
          draft={draft}
          dispatch={dispatch}
          headingRef={headingRef}
          balance={credits.balance}
          balanceFailed={credits.failed}
          jobTypes={jobTypes}
          slots={slots}
          onAddCredit={() => setAddingCredit(true)}
        />
      )}
      {loaded && draft.step === 3 && (
        <DocumentsStep draft={draft} dispatch={dispatch} headingRef={headingRef} template={template} templateError={templateError} onTemplateChanged={() => setTemplateError(null)} />
      )}
      {loaded && draft.step === 4 && (
        <SummaryStep
          draft={draft}
          dispatch={dispatch}
          headingRef={headingRef}
          reportTypeName={reportTypeName}
          defaultTemplateName={defaultTemplateName}
          balance={credits.balance}
          onAddCredit={() => setAddingCredit(true)}
          busy={submission.busy}
          error={submission.error}
          onRetry={submission.retry}
        />
      )}

      <div className={mergeClasses(styles.actions, styles.footer)}>
        <Button className={styles.button} onClick={() => requestLeave('/my-jobs', discard)} disabled={submission.busy}>
          {TEXT.cancelJob}
        </Button>
        <span className={styles.spacer} />
        {draft.step > 1 && (
          <Button className={styles.button} onClick={() => dispatch({ type: 'back' })} disabled={submission.busy}>
            {TEXT.back}
          </Button>
        )}
        {draft.step < 4 ? (
          <Button className={styles.button} appearance="primary" onClick={next} disabled={nextDisabled}>
            {uploading ? TEXT.calculating : TEXT.next}
          </Button>
        ) : (
          <Button className={styles.button} appearance="primary" onClick={submission.submit} disabled={submitDisabled}>
            {submission.busy ? TEXT.submitting : TEXT.submit}
          </Button>
        )}
      </div>
      {leaveDialog}
      <AddCreditDialog open={addingCredit} onClose={() => setAddingCredit(false)} />
    </>
  )
}
