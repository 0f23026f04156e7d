// Step 2, Cost (portal-spec.md §2 step 2, §4, §5 "Step 2"): the total audio length, AI Only or Manual
// or Human Transcription, the AI cost or the Human grid with the selected option, the one-file rule of
// AI jobs with its way out (Join into one recording, issue 25), and the low-credit warning with Add Credit.
import type { Dispatch, RefObject } from 'react'
import { Button, Radio, RadioGroup, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import type { JobType, SlaSlot } from '@contract/lookups.ts'
import { StatusMessage } from '@/components/status-message'
import { formatCredits } from '@/lib/credits'
import type { WizardDraft } from '../draft/wizard-draft'
import type { WizardAction } from '../draft/wizard-reducer'
import { DEFAULT_AI_COST, aiOption, costStepBlock, formatAudioLength, humanGrid, isJoined, jobTypesOverFileLimit, pricedFileCount, toChosenOption } from '../lib/cost-options'
import { WIZARD_TEXT as TEXT } from '../messages'
import { HumanGrid } from './human-grid'
import { StepSection } from './step-section'
import { useJoinRecordings } from './use-join-recordings'
import { useWizardStyles } from './wizard-styles'

const useStyles = makeStyles({
  facts: { margin: 0, display: 'grid', gap: tokens.spacingVerticalXXS },
  strong: { fontWeight: tokens.fontWeightSemibold },
  files: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorNeutralForeground3 },
  join: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

export interface CostStepProps {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  headingRef: RefObject<HTMLHeadingElement | null>
  balance: number | undefined
  /** The balance could not be read (while it loads, Next only waits). */
  balanceFailed: boolean
  jobTypes: readonly JobType[]
  slots: readonly SlaSlot[]
  onAddCredit: () => void
}

export function CostStep({ draft, dispatch, headingRef, balance, balanceFailed, jobTypes, slots, onAddCredit }: CostStepProps) {
  const styles = { ...useWizardStyles(), ...useStyles() }
  const joining = useJoinRecordings(draft, dispatch, jobTypes, slots)
  const cost = draft.cost
  if (!cost) return null
  const ai = aiOption(cost.cost, jobTypes, slots)
  const grid = humanGrid(cost.cost, slots)
  const fileCount = pricedFileCount(draft)
  const block = costStepBlock(draft.option, fileCount, balance, jobTypes)

  const select = (slotId: number, jobTypeId: number) => {
    const option = grid.cell(slotId, jobTypeId)
    if (option) dispatch({ type: 'selectOption', option: toChosenOption(option, slots) })
  }

  return (
    <StepSection title={TEXT.steps[1]} headingRef={headingRef}>
      <div className={styles.facts}>
        <p className={styles.text}>
          {TEXT.totalLength}: <span className={styles.strong}>{formatAudioLength(cost.audio_duration)}</span> ({TEXT.billedMinutes(cost.audio_minutes)})
        </p>
        {isJoined(draft) && <p className={styles.text}>{TEXT.joined(draft.audioFiles.length)}</p>}
        {cost.audio_files.length > 1 && (
          <ul className={styles.files}>
            {cost.audio_files.map((file, index) => (
              <li key={`${index}-${file.file_name}`}>
                {file.file_name}: {formatAudioLength(file.duration)}
              </li>
            ))}
          </ul>
        )}
      </div>

      <RadioGroup
        aria-label={TEXT.transcriptionType}
        value={draft.mode}
        onChange={(_, data) => dispatch(data.value === 'ai' ? { type: 'chooseAi', aiOption: ai } : { type: 'chooseHuman' })}
      >
        <Radio value="ai" label={TEXT.ai} />
        <Radio value="human" label={TEXT.human} />
      </RadioGroup>

      {draft.mode === 'ai' ? (
        <p className={styles.text}>
          {TEXT.aiCost}: <span className={styles.strong}>{TEXT.credits(formatCredits(ai?.cost ?? DEFAULT_AI_COST))}</span>
        </p>
      ) : (
        <>
          <HumanGrid
            grid={grid}
            chosen={draft.option}
            onSelect={select}
            audioCount={fileCount}
            overFileLimit={jobTypesOverFileLimit(grid.jobTypes, fileCount, jobTypes)}
          />
          <p className={styles.text} role="status">
            {draft.option ? (
              <>
                {TEXT.selected}:{' '}
                <span className={styles.strong}>
                  {draft.option.jobTypeName}, {draft.option.slaSlotName}, {TEXT.credits(formatCredits(draft.option.cost))}
                </span>
              </>
            ) : (
              TEXT.noSelection
            )}
          </p>
        </>
      )}

      {block === 'one-file' && (
        <>
          <StatusMessage intent="error">{TEXT.oneFileOnly}</StatusMessage>
          {/* The way out of the spec's refusal: the recordings joined into one on the server. Below the
              message, not beside it: on a phone a button beside it squeezes the words into a column. */}
          <div className={styles.join}>
            <Button className={styles.button} appearance="primary" onClick={() => void joining.join()} disabled={joining.state.status === 'joining'}>
              {TEXT.joinRecordings}
            </Button>
            {joining.state.status === 'joining' && <Spinner size="tiny" labelPosition="after" label={TEXT.joining} role="status" />}
          </div>
        </>
      )}
      {block === 'one-file' && joining.state.status === 'failed' && <StatusMessage intent="error">{joining.state.message}</StatusMessage>}
      {block === 'balance-unknown' && balanceFailed && <StatusMessage intent="warning">{TEXT.balanceUnknown}</StatusMessage>}
      {block === 'low-credit' && draft.option && balance !== undefined && (
        <StatusMessage intent="warning" action={<Button onClick={onAddCredit}>{TEXT.addCredit}</Button>}>
          {TEXT.lowCredit(formatCredits(balance), formatCredits(draft.option.cost))}
        </StatusMessage>
      )}
    </StepSection>
  )
}
