// The Delete Job and Delete Multiple Jobs dialogs (portal-spec.md §2, §5, §7, §8, §9): a confirmation
// box that must be ticked, DELETE /clerk/delete-jobs, the server's message on success and a close
// 3 seconds later.
import { useEffect, useEffectEvent, useState } from 'react'
import { Button, Checkbox, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'
import { useDangerButtonStyles } from '@/components/danger-button-styles'
import { StatusMessage, type StatusIntent } from '@/components/status-message'
import { failureText } from '@/lib/failure-text'
import { useOnlineStatus } from '@/lib/use-online-status'
import { isDeletedAnswer, useDeleteJobs } from '../api/delete-jobs'
import { DELETE_JOBS_TEXT as TEXT } from '../dialog-messages'

/** portal-spec.md §9: the dialog closes 3 seconds after a successful delete. */
export const DELETE_JOBS_CLOSE_DELAY_MS = 3000

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalM },
  text: { margin: 0, overflowWrap: 'anywhere' },
  warning: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
})

/** portal-spec.md §8 Delete jobs: the server's message, else the default; no answer at all: network. */
const failureTexts = { network: TEXT.network, fallback: TEXT.failed }

type Message = { intent: StatusIntent; text: string }

export interface DeleteJobsDialogProps {
  mode: 'single' | 'multiple'
  jobIds: number[]
  open: boolean
  onClose: () => void
  /** Called with the deleted ids once the server confirms (the page clears its selection). */
  onDeleted: (jobIds: number[]) => void
}

export function DeleteJobsDialog({ mode, jobIds, open, onClose, onDeleted }: DeleteJobsDialogProps) {
  const styles = useStyles()
  const dangerStyles = useDangerButtonStyles()
  const online = useOnlineStatus()
  const remove = useDeleteJobs()
  const [confirmed, setConfirmed] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const [done, setDone] = useState(false)

  const close = () => {
    setConfirmed(false)
    setMessage(null)
    setDone(false)
    remove.reset()
    onClose()
  }

  // The caller's onClose may change identity on every render; the countdown must not restart.
  const closeNow = useEffectEvent(close)
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => closeNow(), DELETE_JOBS_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done])

  const busy = remove.isPending

  const onDelete = () => {
    if (busy || done) return
    if (jobIds.length === 0) return setMessage({ intent: 'error', text: TEXT.noneSelected })
    if (!confirmed) return setMessage({ intent: 'error', text: TEXT.confirmRequired })
    if (!online) return setMessage({ intent: 'warning', text: TEXT.offline })
    setMessage(null)
    const ids = [...jobIds]
    remove.mutate(ids, {
      onSuccess: (answer) => {
        const said = answer?.message?.trim()
        if (!isDeletedAnswer(said)) return setMessage({ intent: 'error', text: said || TEXT.failed })
        setMessage({ intent: 'success', text: said ?? '' })
        setDone(true)
        onDeleted(ids)
      },
      onError: (error) => setMessage({ intent: 'error', text: failureText(error, failureTexts) }),
    })
  }

  const question = () => {
    if (jobIds.length === 0) return null
    if (mode === 'single' && jobIds.length === 1) return <p className={styles.text}>{TEXT.questionSingle(jobIds[0]!)}</p>
    return (
      <>
        <p className={styles.text}>{TEXT.questionMultiple(jobIds.length)}</p>
        <p className={styles.text}>
          {TEXT.jobList}: {jobIds.map((id) => `#${id}`).join(', ')}
        </p>
      </>
    )
  }

  return (
    <AppDialog
      open={open}
      title={mode === 'single' ? TEXT.titleSingle : TEXT.titleMultiple}
      onClose={close}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={close}>{TEXT.cancel}</Button>
          <Button
            appearance="primary"
            className={dangerStyles.danger}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            disabledFocusable={busy || done}
            onClick={onDelete}
          >
            {busy ? TEXT.deleting : TEXT.delete}
          </Button>
        </>
      }
    >
      <div className={styles.content}>
        {message && (
          <StatusMessage intent={message.intent} role={message.intent === 'success' ? 'status' : 'alert'}>
            {message.text}
          </StatusMessage>
        )}
        {question()}
        <p className={styles.warning}>{TEXT.warning}</p>
        <Checkbox
          required
          checked={confirmed}
          disabled={busy || done}
          label={TEXT.confirm}
          onChange={(_, data) => {
            setConfirmed(data.checked === true)
            // The reminder has been acted on.
            if (data.checked === true && message?.text === TEXT.confirmRequired) setMessage(null)
          }}
        />
      </div>
    </AppDialog>
  )
}
