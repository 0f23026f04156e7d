// Step 1, General Info (portal-spec.md §2, §5 "Create job step 1", "Upload extension filters"): the
// property address, the report type (its description as a tooltip), and the audio files, dropped or
// picked, listed with remove, short names and a count. While calculate-cost uploads, the fields rest
// and the upload's progress shows with a Cancel. Beside the file zone, the recorder (./recorder.tsx):
// a stopped recording is one more audio file; one interrupted on an earlier visit is offered back.
import { useCallback, useState, type Dispatch, type RefObject } from 'react'
import { Button, Field, makeStyles, Select, Textarea, tokens, Tooltip } from '@fluentui/react-components'
import { AUDIO_MAX_BYTES, AUDIO_MAX_FILES, PROPERTY_ADDRESS_MAX_LENGTH } from '@contract/create-job.ts'
import { FileDropZone } from '@/components/file-drop-zone'
import { StatusMessage } from '@/components/status-message'
import { UploadProgress } from '@/components/upload-progress'
import { extensionOf } from '@/lib/file-extensions'
import { useLookup } from '@/lib/lookups'
import type { DraftFile, WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { takeFiles } from '../lib/file-intake'
import { nextRecordingName, recordingFileName } from '../lib/recording-names'
import { WIZARD_TEXT as TEXT } from '../messages'
import { baseName, FileList } from './file-list'
import { InterruptedRecordings } from './interrupted-recordings'
import { Recorder } from './recorder'
import type { CostUploadState } from './use-cost-upload'
import { StepSection } from './step-section'
import { useWizardStyles } from './wizard-styles'
import { FILE_UPLOADS_TEXT, FileUploads } from '../uploads/file-uploads'
import type { FileUpload } from '../uploads/pricing-parts'

const useStyles = makeStyles({
  // The file zone and the recorder side by side from a tablet up, one above the other on a phone.
  sources: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: 'minmax(0, 1fr) minmax(240px, 320px)',
    alignItems: 'start',
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
})

export interface GeneralInfoStepProps {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  headingRef: RefObject<HTMLHeadingElement | null>
  upload: CostUploadState
  onCancelUpload: () => void
  /** The audio or the report type changed: an earlier upload's failure no longer describes them. */
  onJobChanged: () => void
  /** Why the clerk is back here (the measured audio expired), until the next upload. */
  notice: string | null
  /** Set by Next when the address is blank; cleared as the clerk types. */
  addressError: string | null
  onAddressTyped: () => void
  /** The signed-in clerk, whose draft a recording belongs to; null: nothing is kept on the device. */
  clerk: string | null
  /** Recording started or ended: Next and Discard draft wait meanwhile. */
  onRecordingChange: (recording: boolean) => void
  /** Each audio file's upload in the background (../uploads/use-resumable-uploads.ts). */
  fileUploads: ReadonlyMap<string, FileUpload>
  onCancelFileUpload: (id: string) => void
  /** Next waits for the uploads still running. */
  waitingUploads: boolean
}

export function GeneralInfoStep({ draft, dispatch, headingRef, upload, onCancelUpload, onJobChanged, notice, addressError, onAddressTyped, clerk, onRecordingChange, fileUploads, onCancelFileUpload, waitingUploads }: GeneralInfoStepProps) {
  const styles = useWizardStyles()
  const layout = useStyles()
  const reportTypes = useLookup('report-types')
  const allowed = useLookup('allowed-file-types')
  const [problems, setProblems] = useState<string[]>([])
  const busy = upload.status === 'uploading' || upload.status === 'checking' || waitingUploads
  const audioTypes = allowed.data?.audio ?? []
  const selected = reportTypes.data?.find((type) => type.id === draft.reportTypeId)

  const addAudio = (files: File[]) => {
    const { added, problems } = takeFiles(files, draft.audioFiles, {
      allowed: audioTypes,
      maxFiles: AUDIO_MAX_FILES,
      maxBytes: AUDIO_MAX_BYTES,
      typeRefused: TEXT.audioTypes,
      tooMany: TEXT.tooManyAudio,
      tooLarge: TEXT.audioTooLarge,
    })
    setProblems(problems)
    if (added.length > 0) {
      dispatch({ type: 'addAudio', files: added })
      onJobChanged()
    }
  }

  const full = draft.audioFiles.length >= AUDIO_MAX_FILES
  const addRecording = useCallback(
    (file: DraftFile) => {
      dispatch({ type: 'addAudio', files: [file] })
      onJobChanged()
    },
    [dispatch, onJobChanged],
  )

  return (
    <StepSection title={TEXT.steps[0]} headingRef={headingRef}>
      <Field label={TEXT.address} required validationMessage={addressError ?? undefined} validationState={addressError ? 'error' : 'none'}>
        <Textarea
          value={draft.propertyAddress}
          maxLength={PROPERTY_ADDRESS_MAX_LENGTH}
          disabled={busy}
          resize="vertical"
          onChange={(_, data) => {
            dispatch({ type: 'setAddress', text: data.value })
            onAddressTyped()
          }}
        />
      </Field>

      {reportTypes.isError ? (
        <StatusMessage intent="error" action={<Button onClick={() => void reportTypes.refetch()}>{TEXT.retry}</Button>}>
          {TEXT.reportTypesFailed}
        </StatusMessage>
      ) : (
        <Field label={TEXT.reportType} required>
          <Tooltip content={selected?.description || selected?.name || TEXT.reportType} relationship="description" showDelay={100}>
            <Select
              value={draft.reportTypeId === null ? '' : String(draft.reportTypeId)}
              disabled={busy || !reportTypes.data}
              onChange={(_, data) => {
                dispatch({ type: 'setReportType', id: Number(data.value) })
                onJobChanged()
              }}
            >
              {(reportTypes.data ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          </Tooltip>
        </Field>
      )}

      {allowed.isError && (
        <StatusMessage intent="error" action={<Button onClick={() => void allowed.refetch()}>{TEXT.retry}</Button>}>
          {TEXT.typesFailed}
        </StatusMessage>
      )}
      <div className={layout.sources}>
        <FileDropZone label={TEXT.audioFiles} multiple accept={audioTypes} disabled={busy || !allowed.data} onFiles={addAudio} hint={allowed.data && TEXT.audioHint(audioTypes)} />
        <Recorder
          clerk={clerk}
          defaultName={nextRecordingName(draft.audioFiles.map((file) => file.name))}
          disabled={busy || full}
          onRecorded={addRecording}
          onRecordingChange={onRecordingChange}
        />
      </div>
      <InterruptedRecordings clerk={clerk} audioFileIds={draft.audioFiles.map((file) => file.id)} full={full} onRecovered={addRecording} />
      {problems.map((problem) => (
        <StatusMessage key={problem} intent="error">
          {problem}
        </StatusMessage>
      ))}
      {draft.audioFiles.length === 0 ? (
        <p className={styles.muted}>{TEXT.audioRequired}</p>
      ) : (
        <FileList
          label={TEXT.audioFiles}
          files={draft.audioFiles}
          disabled={busy}
          onRemove={(id) => {
            dispatch({ type: 'removeAudio', id })
            onJobChanged()
          }}
          onRename={(id, base) => {
            const file = draft.audioFiles.find((audio) => audio.id === id)
            if (!file) return
            const name = recordingFileName(base, baseName(file.name), extensionOf(file.name))
            if (name === file.name) return
            dispatch({ type: 'renameAudio', id, name })
            onJobChanged()
          }}
        />
      )}

      <FileUploads files={draft.audioFiles} uploads={fileUploads} onCancel={onCancelFileUpload} />
      {waitingUploads && <StatusMessage intent="info">{FILE_UPLOADS_TEXT.waitingForUploads}</StatusMessage>}
      {upload.status === 'uploading' && (
        <UploadProgress label={TEXT.uploadLabel} files={draft.audioFiles.map(({ name, size }) => ({ name, size }))} loaded={upload.loaded} total={upload.total} onCancel={onCancelUpload} />
      )}
      {notice && <StatusMessage intent="warning">{notice}</StatusMessage>}
      {upload.status === 'failed' && <StatusMessage intent="error">{upload.message}</StatusMessage>}
      {upload.status === 'cancelled' && <StatusMessage intent="info">{TEXT.uploadCancelled}</StatusMessage>}
      {upload.status === 'offline' && <StatusMessage intent="warning">{TEXT.costOffline}</StatusMessage>}
    </StepSection>
  )
}
