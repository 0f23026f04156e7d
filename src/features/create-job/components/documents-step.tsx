// Step 3, Documents (portal-spec.md §2 step 3, §5 "Step 3" and "Upload extension filters"): the
// clerk's default template or a custom one (one file), and optional additional files. AI jobs need no
// documents: the controls are disabled with the spec's note.
import { useState, type Dispatch, type RefObject } from 'react'
import { Button, Radio, RadioGroup } from '@fluentui/react-components'
import { SUPPORT_MAX_BYTES, SUPPORT_MAX_FILES } from '@contract/create-job.ts'
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'
import { FileDropZone } from '@/components/file-drop-zone'
import { StatusMessage } from '@/components/status-message'
import { useLookup } from '@/lib/lookups'
import type { WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { takeFiles } from '../lib/file-intake'
import { WIZARD_TEXT as TEXT } from '../messages'
import { FileList } from './file-list'
import { StepSection } from './step-section'
import { useWizardStyles } from './wizard-styles'

/** The clerk's default template: its name, null when there is none, undefined while it loads. */
export interface DefaultTemplate {
  name: string | null | undefined
  failed: boolean
}

export interface DocumentsStepProps {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  headingRef: RefObject<HTMLHeadingElement | null>
  template: DefaultTemplate
  /** Set by Next when the template rule is broken; cleared by any change of the template. */
  templateError: string | null
  onTemplateChanged: () => void
}

export function DocumentsStep({ draft, dispatch, headingRef, template, templateError, onTemplateChanged }: DocumentsStepProps) {
  const styles = useWizardStyles()
  const allowed = useLookup('allowed-file-types')
  const [templateProblems, setTemplateProblems] = useState<string[]>([])
  const [supportProblems, setSupportProblems] = useState<string[]>([])
  const notRequired = draft.mode === 'ai'
  const typesMissing = !allowed.data
  const templateTypes = allowed.data?.template ?? []
  const supportTypes = allowed.data?.support ?? []

  const chooseTemplateFile = (files: File[]) => {
    const { added, problems } = takeFiles(files.slice(0, 1), [], {
      allowed: templateTypes,
      maxFiles: 1,
      maxBytes: TEMPLATE_MAX_BYTES,
      typeRefused: TEXT.templateTypes,
      tooMany: TEXT.tooManySupport,
      tooLarge: TEXT.templateTooLarge,
    })
    setTemplateProblems(problems)
    if (added[0]) {
      dispatch({ type: 'setCustomTemplate', file: added[0] })
      onTemplateChanged()
    }
  }

  const addSupport = (files: File[]) => {
    const { added, problems } = takeFiles(files, draft.supportFiles, {
      allowed: supportTypes,
      maxFiles: SUPPORT_MAX_FILES,
      maxBytes: SUPPORT_MAX_BYTES,
      typeRefused: TEXT.supportTypes,
      tooMany: TEXT.tooManySupport,
      tooLarge: TEXT.supportTooLarge,
    })
    setSupportProblems(problems)
    if (added.length > 0) dispatch({ type: 'addSupportFiles', files: added })
  }

  const defaultName = template.failed ? TEXT.templatesFailed : template.name === undefined ? TEXT.loadingTemplate : (template.name ?? TEXT.noTemplate)

  return (
    <StepSection title={TEXT.steps[2]} headingRef={headingRef}>
      {notRequired && <StatusMessage intent="info">{TEXT.notRequired}</StatusMessage>}
      {allowed.isError && (
        <StatusMessage intent="error" action={<Button onClick={() => void allowed.refetch()}>{TEXT.retry}</Button>}>
          {TEXT.typesFailed}
        </StatusMessage>
      )}

      <h3 className={styles.subheading}>{TEXT.template}</h3>
      <RadioGroup
        aria-label={TEXT.template}
        value={draft.templateChoice}
        disabled={notRequired}
        onChange={(_, data) => {
          dispatch({ type: 'setTemplateChoice', choice: data.value === 'custom' ? 'custom' : 'default' })
          onTemplateChanged()
        }}
      >
        <Radio value="default" label={`${TEXT.defaultTemplate}: ${defaultName}`} />
        <Radio value="custom" label={TEXT.customTemplate} />
      </RadioGroup>
      {draft.templateChoice === 'custom' && (
        <>
          <FileDropZone label={TEXT.templateFile} accept={templateTypes} disabled={notRequired || typesMissing} onFiles={chooseTemplateFile} hint={typesMissing ? undefined : TEXT.acceptedTypes(templateTypes)} />
          {draft.customTemplate && (
            <FileList
              label={TEXT.templateFile}
              files={[draft.customTemplate]}
              disabled={notRequired}
              onRemove={() => {
                dispatch({ type: 'setCustomTemplate', file: null })
                onTemplateChanged()
              }}
            />
          )}
          {templateProblems.map((problem) => (
            <StatusMessage key={problem} intent="error">
              {problem}
            </StatusMessage>
          ))}
        </>
      )}
      {templateError && !notRequired && <StatusMessage intent="error">{templateError}</StatusMessage>}

      <h3 className={styles.subheading}>{TEXT.additionalFiles}</h3>
      <FileDropZone label={TEXT.additionalFiles} multiple accept={supportTypes} disabled={notRequired || typesMissing} onFiles={addSupport} hint={typesMissing ? undefined : TEXT.acceptedTypes(supportTypes)} />
      {supportProblems.map((problem) => (
        <StatusMessage key={problem} intent="error">
          {problem}
        </StatusMessage>
      ))}
      <FileList label={TEXT.additionalFiles} files={draft.supportFiles} disabled={notRequired} onRemove={(id) => dispatch({ type: 'removeSupportFile', id })} />
    </StepSection>
  )
}
