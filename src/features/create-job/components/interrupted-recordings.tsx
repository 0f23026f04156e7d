// Recordings that were never stopped (the tab crashed, the page reloaded, the browser closed) come
// back on the next visit to step 1 (issue 25): each is offered with "Recover recording", rebuilt from
// the chunks kept as it was made (src/lib/recording-chunks.ts), or "Delete recording". A recording
// already among the draft's audio files is not offered: its chunks go once the draft is saved.
import { useEffect, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { StatusMessage } from '@/components/status-message'
import { formatBytes } from '@/lib/format-bytes'
import { eraseRecording, keptRecordings, rebuildRecording, type KeptRecording } from '@/lib/recording-chunks'
import type { DraftFile } from '../draft/wizard-draft'
import { recordingFileName } from '../lib/recording-names'
import { WIZARD_TEXT as TEXT } from '../messages'
import { useWizardStyles } from './wizard-styles'

export interface InterruptedRecordingsProps {
  clerk: string | null
  /** The draft's audio file ids when the step opened. */
  audioFileIds: readonly string[]
  /** No more audio files fit in the job. */
  full: boolean
  onRecovered: (file: DraftFile) => void
}

export function InterruptedRecordings({ clerk, audioFileIds, full, onRecovered }: InterruptedRecordingsProps) {
  const styles = useWizardStyles()
  const [found, setFound] = useState<KeptRecording[]>([])
  const [failed, setFailed] = useState(false)
  // Looked for once, when the step opens: a recording started on this visit is not interrupted.
  const [known] = useState(() => new Set(audioFileIds))

  useEffect(() => {
    if (clerk === null) return
    let current = true
    void keptRecordings(clerk).then((recordings) => {
      if (!current) return
      setFound(recordings.filter((recording) => !known.has(recording.id)))
      // Nothing was recorded before it broke off: nothing to offer, nothing to keep.
      for (const empty of recordings.filter((recording) => recording.chunks === 0 && !known.has(recording.id))) void eraseRecording(clerk, empty.id)
    })
    return () => {
      current = false
    }
  }, [clerk, known])

  if (clerk === null) return null
  const offered = found.filter((recording) => recording.chunks > 0)
  const forget = (id: string) => setFound((now) => now.filter((recording) => recording.id !== id))

  const recover = async (recording: KeptRecording) => {
    const blob = await rebuildRecording(clerk, recording.id).catch(() => undefined)
    if (!blob) return setFailed(true)
    const name = recordingFileName(recording.name, 'Recording', recording.extension)
    const file = new File([blob], name, { type: recording.mimeType.split(';')[0] })
    forget(recording.id)
    onRecovered({ id: recording.id, file, name, size: file.size, type: file.type })
  }

  const remove = (id: string) => {
    forget(id)
    void eraseRecording(clerk, id)
  }

  return (
    <>
      {offered.map((recording) => (
        <StatusMessage
          key={recording.id}
          intent="warning"
          action={
            <div className={styles.actions}>
              <Button appearance="primary" disabled={full} onClick={() => void recover(recording)}>
                {TEXT.recoverRecording}
              </Button>
              <Button onClick={() => remove(recording.id)}>{TEXT.deleteRecording}</Button>
            </div>
          }
        >
          {TEXT.interrupted(recording.name, formatBytes(recording.bytes))}
        </StatusMessage>
      ))}
      {failed && <StatusMessage intent="error">{TEXT.recoverFailed}</StatusMessage>}
    </>
  )
}
