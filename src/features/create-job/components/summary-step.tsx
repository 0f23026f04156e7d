// Step 4, Job Summary (portal-spec.md §2 step 4, §5 "Submit"): what will be sent, the remarks (not for
// AI jobs), the two statements the clerk must accept, and the balance once the job is paid for.
import type { Dispatch, RefObject } from 'react'
import { Button, Checkbox, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { REMARKS_MAX_LENGTH } from '@contract/create-job.ts'
import { StatusMessage } from '@/components/status-message'
import { shortFileName } from '@/lib/file-extensions'
import { formatCredits } from '@/lib/credits'
import type { WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { formatAudioLength, isJoined } from '../lib/cost-options'
import { WIZARD_TEXT as TEXT } from '../messages'
import { StepSection } from './step-section'
import { useWizardStyles } from './wizard-styles'

const useStyles = makeStyles({
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(8rem, max-content) minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXXS },
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
  balance: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  checks: { display: 'grid', gap: tokens.spacingVerticalS },
})

export interface SummaryStepProps {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  headingRef: RefObject<HTMLHeadingElement | null>
  reportTypeName: string
  /** The default template's name, null when there is none. */
  defaultTemplateName: string | null
  balance: number | undefined
  /** Opens Add Credit: shown when the balance no longer covers the cost (restored draft, another tab spent it). */
  onAddCredit: () => void
  busy: boolean
  error: string | null
  /** Offered beside a connection failure: sends the same submit again. */
  onRetry: (() => void) | null
}

const names = (files: readonly { name: string }[]) => (files.length > 0 ? files.map((file) => shortFileName(file.name)).join(', ') : TEXT.none)

export function SummaryStep({ draft, dispatch, headingRef, reportTypeName, defaultTemplateName, balance, onAddCredit, busy, error, onRetry }: SummaryStepProps) {
  const styles = { ...useWizardStyles(), ...useStyles() }
  const { option, cost } = draft
  if (!option || !cost) return null
  const ai = draft.mode === 'ai'
  const template = ai ? TEXT.notRequired : draft.templateChoice === 'custom' ? (draft.customTemplate?.name ?? TEXT.none) : (defaultTemplateName ?? TEXT.none)
  const facts: [string, string][] = [
    [TEXT.propertyAddress, draft.propertyAddress.trim()],
    [TEXT.reportTypeLabel, reportTypeName],
    [TEXT.transcriptionTypeLabel, ai ? TEXT.ai : `${TEXT.human} (${option.jobTypeName})`],
    [TEXT.turnaroundLabel, option.hours === null ? TEXT.priority : TEXT.hours(option.hours)],
    [TEXT.audioFilesLabel, isJoined(draft) ? TEXT.joinedFiles(cost.audio_files.map((file) => file.file_name).join(', '), names(draft.audioFiles)) : `${names(draft.audioFiles)} (${TEXT.fileCount(draft.audioFiles.length)})`],
    [TEXT.templateLabel, template],
    [TEXT.additionalFilesLabel, ai ? TEXT.notRequired : names(draft.supportFiles)],
    [TEXT.costLabel, TEXT.credits(formatCredits(option.cost))],
    [TEXT.audioLengthLabel, formatAudioLength(cost.audio_duration)],
  ]

  return (
    <StepSection title={TEXT.steps[3]} headingRef={headingRef}>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <Field label={TEXT.remarks}>
        <Textarea value={draft.remarks} maxLength={REMARKS_MAX_LENGTH} disabled={ai || busy} resize="vertical" onChange={(_, data) => dispatch({ type: 'setRemarks', text: data.value })} />
      </Field>
      <div className={styles.checks}>
        <Checkbox
          required
          disabled={busy}
          checked={draft.qualityAccepted}
          label={TEXT.qualityStatement}
          onChange={(_, data) => dispatch({ type: 'setQualityAccepted', value: data.checked === true })}
        />
        <Checkbox
          required
          disabled={busy}
          checked={draft.noRefundAccepted}
          label={TEXT.noRefundStatement}
          onChange={(_, data) => dispatch({ type: 'setNoRefundAccepted', value: data.checked === true })}
        />
      </div>
      {balance !== undefined && (
        <p className={styles.balance}>
          {TEXT.balanceAfter}: {formatCredits((Math.round(balance * 100) - Math.round(option.cost * 100)) / 100)}
        </p>
      )}
      {balance !== undefined && Math.round(option.cost * 100) > Math.round(balance * 100) && (
        <StatusMessage intent="warning" action={<Button onClick={onAddCredit}>{TEXT.addCredit}</Button>}>
          {TEXT.lowCredit(formatCredits(balance), formatCredits(option.cost))}
        </StatusMessage>
      )}
      {error && (
        <StatusMessage intent="error" action={onRetry && <Button onClick={onRetry}>{TEXT.retry}</Button>}>
          {error}
        </StatusMessage>
      )}
    </StepSection>
  )
}
