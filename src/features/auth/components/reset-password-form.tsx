// Choose a new password from the e-mailed reset link (portal-spec.md §2 Reset password, §5, §8).
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '@fluentui/react-components'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { passwordProblem } from '@contract/password-rules.ts'
import { PageTitle } from '@/components/page-title'
import { useResetPassword } from '../api/reset-password'
import { failureText } from '@/lib/failure-text'
import { RESET_PASSWORD_TEXT as TEXT } from '../messages'
import { useAuthFormStyles } from './auth-form-styles'
import { StatusMessage } from '@/components/status-message'
import { NewPasswordFields } from './new-password-fields'
import { RouterLink } from './router-link'

/** portal-spec.md §9: the redirect to sign-in after a reset waits 2 seconds. */
export const RESET_REDIRECT_DELAY_MS = 2000

/** The first problem with the form, in the order of portal-spec.md §5, or null. */
export function resetPasswordProblem(form: { password: string; confirmPassword: string; token: string }): string | null {
  if (!form.password || !form.confirmPassword) return TEXT.bothRequired
  if (form.password !== form.confirmPassword) return TEXT.mismatch
  const broken = passwordProblem(form.password)
  if (broken) return broken
  if (!form.token) return TEXT.missingToken
  return null
}

export function ResetPasswordForm() {
  const styles = useAuthFormStyles()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const reset = useResetPassword()

  useEffect(() => {
    if (done === null) return
    const timer = setTimeout(() => navigate('/login', { state: { passwordReset: true } }), RESET_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  const busy = reset.isPending || done !== null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = resetPasswordProblem({ password, confirmPassword, token })
    if (problem) return setError(problem)
    setError(null)
    reset.mutate(
      { token, new_password: password },
      {
        onSuccess: (answer) => setDone((typeof answer?.message === 'string' && answer.message) || TEXT.success),
        onError: (failure) => setError(failureText(failure, { network: TEXT.network, fallback: TEXT.failed })),
      },
    )
  }

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{TEXT.intro}</p>
        {!token && <StatusMessage intent="warning">{TEXT.missingToken}</StatusMessage>}
        {error && <StatusMessage intent="error">{error}</StatusMessage>}
        {done !== null && <StatusMessage intent="success">{done}</StatusMessage>}
        <NewPasswordFields
          passwordLabel={TEXT.newPassword}
          passwordName="new_password"
          confirmLabel={TEXT.confirmPassword}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
        />
        <Button className={styles.submit} appearance="primary" type="submit" size="large" disabledFocusable={busy}>
          {reset.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
        <p className={styles.footer}>
          <RouterLink to="/login">{TEXT.backToSignIn}</RouterLink>
        </p>
      </form>
    </>
  )
}
