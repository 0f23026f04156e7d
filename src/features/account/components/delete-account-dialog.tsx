// The Delete Account dialog (portal-spec.md §2 "Dialogs of the shell", §4, §5, §8): three statements
// to confirm, then the deletion request; on success the clerk is signed out and sent to /login.
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react'
import { Button, Checkbox, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'
import { useDangerButtonStyles } from '@/components/danger-button-styles'
import { forgetCurrentClerk } from '@/lib/clerk-drafts'
import { failureText } from '@/lib/failure-text'
import { useDeleteAccount } from '../api/delete-account'
import { DELETE_ACCOUNT_TEXT as TEXT } from '../messages'

/** How long the success message shows before the clerk is signed out, like the other redirects of §9. */
export const ACCOUNT_DELETED_REDIRECT_DELAY_MS = 2000

const STATEMENTS = ['withinTenDays', 'dataCleared', 'signedOut'] as const
type Statement = (typeof STATEMENTS)[number]

const failureTexts = { network: TEXT.network, fallback: TEXT.failed }

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  intro: { margin: 0 },
  statements: { display: 'grid', gap: tokens.spacingVerticalXS },
})

export interface DeleteAccountDialogProps {
  open: boolean
  onClose: () => void
  /** Called once the deletion was accepted and its message shown: sign out here and go to /login. */
  onDeleted: () => void
}

/** Give it a new key for each opening, so that it starts with every statement unticked. */
export function DeleteAccountDialog({ open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const styles = useStyles()
  const dangerStyles = useDangerButtonStyles()
  const formId = useId()
  const introId = useId()
  const remove = useDeleteAccount()
  const [ticked, setTicked] = useState<Record<Statement, boolean>>({ withinTenDays: false, dataCleared: false, signedOut: false })
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  const leave = useEffectEvent(() => onDeleted())
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => leave(), ACCOUNT_DELETED_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done])

  const busy = remove.isPending || done

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!STATEMENTS.every((statement) => ticked[statement])) return setError(TEXT.confirmAll)
    setError(null)
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer?.success === false) return setError(answer.message || TEXT.failed)
        void forgetCurrentClerk()
        setDone(true)
      },
      onError: (failure) => setError(failureText(failure, failureTexts)),
    })
  }

  return (
    <AppDialog
      open={open}
      title={TEXT.title}
      // The session is already over on the server: closing now only signs out sooner.
      onClose={done ? onDeleted : onClose}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose} disabled={done}>
            {TEXT.cancel}
          </Button>
          <Button appearance="primary" className={dangerStyles.danger} type="submit" form={formId} disabledFocusable={busy}>
            {remove.isPending ? TEXT.submitting : TEXT.submit}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {/* Multiline: a single-line bar does not wrap, and on a phone it pushed the dialog past the screen. */}
        {error && (
          <MessageBar intent="error" role="alert" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {done && (
          <MessageBar intent="success" role="status" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>{TEXT.success}</MessageBarBody>
          </MessageBar>
        )}
        <p id={introId} className={styles.intro}>
          {TEXT.intro}
        </p>
        <div role="group" aria-labelledby={introId} className={styles.statements}>
          {STATEMENTS.map((statement) => (
            <Checkbox
              key={statement}
              label={TEXT[statement]}
              required
              checked={ticked[statement]}
              disabled={done}
              onChange={(_, data) => {
                setTicked((current) => ({ ...current, [statement]: data.checked === true }))
                setError(null)
              }}
            />
          ))}
        </div>
      </form>
    </AppDialog>
  )
}
