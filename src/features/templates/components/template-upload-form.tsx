// The upload form of Template Management (portal-spec.md §2, §5 "Template upload", §8 "Templates" and
// "Allowed types"): a name and one file, checked here before the multipart request. The file is
// dropped or picked in the same zone as Create Job's files (src/components/file-drop-zone.tsx).
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular, Delete20Regular, Document20Regular } from '@fluentui/react-icons'
import { FileDropZone } from '@/components/file-drop-zone'
import { failureText } from '@/lib/failure-text'
import { useLookup } from '@/lib/lookups'
import { useCreateTemplate } from '../api/create-template'
import { TEMPLATE_TEXT as TEXT } from '../messages'
import { StatusMessage } from '@/components/status-message'
import { fileProblem } from './template-file-rules'

/** Long enough for any report title; the same cap as the portal's other name fields. */
const TEMPLATE_NAME_MAX_LENGTH = 100

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalL },
  fileField: { display: 'grid', gap: tokens.spacingVerticalS },
  fileLabel: { fontWeight: tokens.fontWeightSemibold },
  required: { color: tokens.colorPaletteRedForeground3, paddingLeft: tokens.spacingHorizontalXXS },
  chosen: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  chosenName: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  loading: { justifyContent: 'flex-start' },
  // A full-width button is easier to hit on a phone.
  submit: { justifySelf: 'start', minWidth: '140px', '@media (max-width: 480px)': { justifySelf: 'stretch' } },
})

interface FieldErrors {
  name?: string
  file?: string
}

export interface TemplateUploadFormProps {
  /** A template exists: the form is disabled with the spec's note. */
  locked: boolean
  /** The template list is not known yet: nothing may be sent. */
  waiting: boolean
  onUploadStart: () => void
  onUploaded: () => void
  /** The Template Name input, for the page to move focus to. */
  nameRef: RefObject<HTMLInputElement | null>
}

export function TemplateUploadForm({ locked, waiting, onUploadStart, onUploaded, nameRef }: TemplateUploadFormProps) {
  const styles = useStyles()
  const fileRef = useRef<HTMLInputElement>(null)
  const fileErrorId = useId()
  const [templateName, setTemplateName] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const allowedTypes = useLookup('allowed-file-types')
  const create = useCreateTemplate()

  const extensions = allowedTypes.data?.template ?? []
  // No list of allowed types, no uploads: the file could not be checked (portal-spec.md §8).
  const typesFailed = allowedTypes.isError || (allowedTypes.isSuccess && extensions.length === 0)
  const typesReady = allowedTypes.isSuccess && extensions.length > 0
  const fieldsDisabled = locked || create.isPending
  const fileDisabled = fieldsDisabled || !typesReady
  const uploadDisabled = locked || waiting || !typesReady

  const problemText = (chosen: File): string | undefined => {
    const problem = fileProblem(chosen, extensions)
    if (problem === 'type') return TEXT.typeNotAllowed(extensions)
    if (problem === 'size') return TEXT.tooLarge
    return undefined
  }

  // Dropped or picked: the zone hands over one file, whatever its type; it is checked here.
  const chooseFile = (files: File[]) => {
    const chosen = files[0] ?? null
    setFile(chosen)
    setFieldErrors((errors) => ({ ...errors, file: chosen ? problemText(chosen) : undefined }))
  }
  const removeFile = () => {
    setFile(null)
    setFieldErrors((errors) => ({ ...errors, file: undefined }))
    fileRef.current?.focus()
  }

  const reset = () => {
    setTemplateName('')
    setFile(null)
    setFieldErrors({})
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending || uploadDisabled) return
    setFailure(null)
    const name = templateName.trim()
    const errors: FieldErrors = {
      name: name ? undefined : TEXT.nameRequired,
      file: file ? problemText(file) : TEXT.fileRequired,
    }
    setFieldErrors(errors)
    if (errors.name) return nameRef.current?.focus()
    if (errors.file || !file) return fileRef.current?.focus()

    onUploadStart()
    create.mutate(
      { templateName: name, file },
      {
        onSuccess: (answer) => {
          if (answer?.success === false) return setFailure(answer.message || TEXT.uploadFailed)
          reset()
          onUploaded()
        },
        onError: (error) => setFailure(failureText(error, { network: TEXT.uploadFailed, fallback: TEXT.uploadFailed })),
      },
    )
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {locked && <StatusMessage intent="info" role={null}>{TEXT.removeFirst}</StatusMessage>}
      {typesFailed && (
        <StatusMessage
          intent="error"
          role="alert"
          action={
            <Button size="small" onClick={() => void allowedTypes.refetch()} disabled={allowedTypes.isFetching}>
              {TEXT.retry}
            </Button>
          }
        >
          {TEXT.typesFailed}
        </StatusMessage>
      )}
      {failure && (
        <StatusMessage intent="error" role="alert">
          {failure}
        </StatusMessage>
      )}
      <Field label={TEXT.templateName} required validationMessage={fieldErrors.name}>
        <Input
          ref={nameRef}
          name="template_name"
          autoComplete="off"
          value={templateName}
          maxLength={TEMPLATE_NAME_MAX_LENGTH}
          disabled={fieldsDisabled}
          onChange={(_, data) => {
            setTemplateName(data.value)
            if (fieldErrors.name) setFieldErrors((errors) => ({ ...errors, name: undefined }))
          }}
        />
      </Field>
      <div className={styles.fileField}>
        <span className={styles.fileLabel} aria-hidden="true">
          {TEXT.templateFile}
          <span className={styles.required}>*</span>
        </span>
        <FileDropZone
          label={TEXT.templateFile}
          accept={extensions}
          disabled={fileDisabled}
          onFiles={chooseFile}
          inputRef={fileRef}
          errorId={fieldErrors.file ? fileErrorId : undefined}
          hint={typesReady ? TEXT.fileHint(extensions) : allowedTypes.isPending ? <Spinner className={styles.loading} size="extra-tiny" label={TEXT.loadingTypes} /> : undefined}
        />
        {file && (
          <div className={styles.chosen}>
            <Document20Regular aria-hidden="true" />
            <span className={styles.chosenName} title={file.name}>
              {file.name}
            </span>
            <Button appearance="subtle" size="small" icon={<Delete20Regular />} aria-label={TEXT.removeFile(file.name)} disabled={fieldsDisabled} onClick={removeFile} />
          </div>
        )}
        {fieldErrors.file && (
          <div id={fileErrorId}>
            <StatusMessage intent="error">{fieldErrors.file}</StatusMessage>
          </div>
        )}
      </div>
      <Button
        className={styles.submit}
        type="submit"
        appearance="primary"
        icon={create.isPending ? <Spinner size="tiny" /> : <ArrowUpload20Regular />}
        disabled={uploadDisabled}
        disabledFocusable={!uploadDisabled && create.isPending}
      >
        {create.isPending ? TEXT.uploading : TEXT.upload}
      </Button>
    </form>
  )
}
