// The Change Password dialog (portal-spec.md §2 "Dialogs of the shell", §5 Change password, §8, §9):
// current, new and confirm password, a confirm-action checkbox and the strength hint; closes 2 s
// after a success.
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react'
import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components'
import { passwordProblem, TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { AppDialog } from '@/components/app-dialog'
import { failureText, gotNoAnswer } from '@/lib/failure-text'
import { useChangePassword } from '../api/change-password'
import { CHANGE_PASSWORD_TEXT as TEXT } from '../messages'
import { PasswordStrengthHint } from '@/components/password-strength-hint'

/** portal-spec.md §9: the dialog closes 2 seconds after the password changed. */
export const CHANGE_PASSWORD_CLOSE_DELAY_MS = 2000

export interface ChangePasswordForm {
  currentPassword: string
  newPassword: string
  confirmPassword: string
  confirmed: boolean
}

/** The first problem with the form, in the order of portal-spec.md §5, or null. */
export function changePasswordProblem(form: ChangePasswordForm): string | null {
  if (!form.currentPassword) return TEXT.currentRequired
  if (!form.newPassword) return TEXT.newRequired
  if (form.newPassword === form.currentPassword) return TEXT.sameAsCurrent
  if (form.newPassword !== form.confirmPassword) return TEXT.mismatch
  const broken = passwordProblem(form.newPassword)
  if (broken) return broken
  if (!form.confirmed) return TEXT.confirmRequired
  return null
}

type Failure = { title: string; detail?: string }

/** portal-spec.md §8: the server's detail.error, else its default; no answer; anything else. */
function failureOf(error: unknown): Failure {
  const title = failureText(error, { network: TEXT.network, fallback: TEXT.failed, unexpected: TEXT.unexpected })
  return gotNoAnswer(error) ? { title, detail: TEXT.networkDetail } : { title }
}

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
})

export interface ChangePasswordDialogProps {
  open: boolean
  onClose: () => void
}

/** Give it a new key for each opening, so that it starts with empty fields. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const styles = useStyles()
  const formId = useId()
  const change = useChangePassword()
  const [form, setForm] = useState<ChangePasswordForm>({ currentPassword: '', newPassword: '', confirmPassword: '', confirmed: false })
  const [failure, setFailure] = useState<Failure | null>(null)
  const [done, setDone] = useState(false)

  // The caller's onClose may change identity on every render; the countdown must not restart.
  const closeNow = useEffectEvent(() => onClose())
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => closeNow(), CHANGE_PASSWORD_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done])

  const busy = change.isPending || done
  const set = <K extends keyof ChangePasswordForm>(field: K, value: ChangePasswordForm[K]) => setForm((current) => ({ ...current, [field]: value }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = changePasswordProblem(form)
    if (problem) return setFailure({ title: problem })
    setFailure(null)
    change.mutate(
      { old_password: form.currentPassword, new_password: form.newPassword },
      {
        onSuccess: (answer) => {
          if (answer?.success === false) return setFailure({ title: answer.message || TEXT.failed })
          setDone(true)
        },
        onError: (error) => setFailure(failureOf(error)),
      },
    )
  }

  const passwordInput = (field: 'currentPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => (
    <Input
      type="password"
      autoComplete={autoComplete}
      value={form[field]}
      maxLength={TEXT_INPUT_MAX_LENGTH}
      disabled={done}
      onChange={(_, data) => set(field, data.value)}
    />
  )

  return (
    <AppDialog
      open={open}
      title={TEXT.title}
      onClose={onClose}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{TEXT.cancel}</Button>
          <Button appearance="primary" type="submit" form={formId} disabledFocusable={busy}>
            {change.isPending ? TEXT.submitting : TEXT.submit}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <MessageBar intent="error" role="alert" aria-labelledby={undefined} layout="multiline">
            <MessageBarBody>
              {failure.detail ? (
                <>
                  <MessageBarTitle>{failure.title}</MessageBarTitle>
                  <div>{failure.detail}</div>
                </>
              ) : (
                failure.title
              )}
            </MessageBarBody>
          </MessageBar>
        )}
        {done && (
          <MessageBar intent="success" role="status" aria-labelledby={undefined}>
            <MessageBarBody>{TEXT.success}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={TEXT.currentPassword} required>
          {passwordInput('currentPassword', 'current-password')}
        </Field>
        <div>
          <Field label={TEXT.newPassword} required hint={TEXT.rules}>
            {passwordInput('newPassword', 'new-password')}
          </Field>
          <PasswordStrengthHint password={form.newPassword} />
        </div>
        <Field label={TEXT.confirmPassword} required>
          {passwordInput('confirmPassword', 'new-password')}
        </Field>
        <Checkbox label={TEXT.confirmAction} checked={form.confirmed} disabled={done} onChange={(_, data) => set('confirmed', data.checked === true)} />
      </form>
    </AppDialog>
  )
}
