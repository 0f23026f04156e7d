// The Record button beside step 1's file zone, and while recording its controls (issue 25): the
// recording's name, Pause/Resume, Stop, the time recorded and the microphone's level. The recording
// itself is use-recorder.ts; a stopped one arrives in the job's audio files through `onRecorded`.
import { useEffect } from 'react'
import { Button, Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Mic20Regular, Pause20Regular, Play20Regular, Stop20Filled } from '@fluentui/react-icons'
import { StatusMessage } from '@/components/status-message'
import type { DraftFile } from '../draft/wizard-draft'
import { formatElapsed } from '../lib/recording-time'
import { WIZARD_TEXT as TEXT } from '../messages'
import { useRecorder } from './use-recorder'

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, alignContent: 'start', minWidth: 0 },
  panel: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorStatusDangerBorder1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  pausedPanel: { border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}` },
  clock: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  state: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorStatusDangerForeground1 },
  pausedState: { color: tokens.colorNeutralForeground3 },
  time: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontVariantNumeric: 'tabular-nums' },
  meterLabel: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  meter: { height: '10px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground5, overflow: 'hidden' },
  meterFill: { height: '100%', backgroundColor: tokens.colorPaletteGreenBackground3, transitionProperty: 'width', transitionDuration: '120ms' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  button: { minWidth: '120px', minHeight: '40px' },
})

export interface RecorderProps {
  clerk: string | null
  defaultName: string
  /** No more audio files fit in the job, or the step is busy uploading. */
  disabled: boolean
  onRecorded: (file: DraftFile) => void
  /** Told when recording starts and ends: the wizard holds Next and Discard meanwhile. */
  onRecordingChange: (recording: boolean) => void
}

export function Recorder({ clerk, defaultName, disabled, onRecorded, onRecordingChange }: RecorderProps) {
  const styles = useStyles()
  const { state, start, pause, resume, stop, rename } = useRecorder({ clerk, defaultName, onRecorded })
  const active = state.status === 'recording' || state.status === 'paused'
  const paused = state.status === 'paused'

  useEffect(() => {
    onRecordingChange(active || state.status === 'starting')
  }, [active, state.status, onRecordingChange])
  useEffect(() => () => onRecordingChange(false), [onRecordingChange])

  return (
    <div className={styles.root}>
      {!active && (
        <Button className={styles.button} appearance="primary" icon={<Mic20Regular />} disabled={disabled || state.status === 'starting'} onClick={() => void start()}>
          {state.status === 'starting' ? TEXT.startingRecorder : TEXT.record}
        </Button>
      )}
      {active && (
        <div role="group" aria-label={TEXT.recorderLabel} className={mergeClasses(styles.panel, paused && styles.pausedPanel)}>
          <Field label={TEXT.recordingName}>
            <Input value={state.name} onChange={(_, data) => rename(data.value)} maxLength={100} />
          </Field>
          <div className={styles.clock}>
            <span className={mergeClasses(styles.state, paused && styles.pausedState)}>{paused ? TEXT.pausedNow : TEXT.recordingNow}</span>
            <span role="timer" aria-label={TEXT.elapsed} className={styles.time}>
              {formatElapsed(state.elapsedMs)}
            </span>
          </div>
          {state.level !== null && (
            <>
              <span id="recorder-level" className={styles.meterLabel}>
                {TEXT.level}
              </span>
              <div role="meter" aria-labelledby="recorder-level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.level} className={styles.meter}>
                <div className={styles.meterFill} style={{ width: `${paused ? 0 : state.level}%` }} />
              </div>
            </>
          )}
          <div className={styles.buttons}>
            <Button className={styles.button} icon={paused ? <Play20Regular /> : <Pause20Regular />} onClick={paused ? resume : pause}>
              {paused ? TEXT.resume : TEXT.pause}
            </Button>
            <Button className={styles.button} appearance="primary" icon={<Stop20Filled />} onClick={stop}>
              {TEXT.stop}
            </Button>
          </div>
        </div>
      )}
      {state.problem && <StatusMessage intent="error">{state.problem}</StatusMessage>}
      {state.notices.map((notice) => (
        <StatusMessage key={notice} intent="warning">
          {notice}
        </StatusMessage>
      ))}
    </div>
  )
}
