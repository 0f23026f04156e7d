// Ask for a password reset link (portal-spec.md §2 Forgot password, §5, §7, §8).
import { useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@fluentui/react-components'
import { TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { PageTitle } from '@/components/page-title'
import { useForgotPassword } from '../api/forgot-password'
import { failureText } from '@/lib/failure-text'
import { FORGOT_PASSWORD_TEXT as TEXT } from '../messages'
import { useAuthFormStyles } from './auth-form-styles'
import { StatusMessage } from '@/components/status-message'
import { RouterLink } from './router-link'

type Outcome = { intent: 'success'; message: string } | { intent: 'error'; message: string }

export function ForgotPasswordForm() {
  const styles = useAuthFormStyles()
  const [email, setEmail] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const request = useForgotPassword()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (request.isPending) return
    const address = email.trim()
    if (!address) return setOutcome({ intent: 'error', message: TEXT.required })
    setOutcome(null)
    request.mutate(
      { email: address },
      {
        onSuccess: (answer) => {
          const message = typeof answer?.message === 'string' ? answer.message : ''
          // The server answers the same for every address; its words say whether a link is on its way.
          if (TEXT.sentPattern.test(message)) setOutcome({ intent: 'success', message })
          else setOutcome({ intent: 'error', message: message || TEXT.failed })
        },
        onError: (failure) =>
          setOutcome({ intent: 'error', message: failureText(failure, { network: TEXT.network, fallback: TEXT.failed }) }),
      },
    )
  }

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{TEXT.intro}</p>
        {outcome?.intent === 'error' && <StatusMessage intent="error">{outcome.message}</StatusMessage>}
        {outcome?.intent === 'success' && (
          <StatusMessage intent="success">
            {outcome.message} {TEXT.checkInbox}
          </StatusMessage>
        )}
        <Field label={TEXT.email} required>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => setEmail(data.value)}
          />
        </Field>
        <Button className={styles.submit} appearance="primary" type="submit" size="large" disabledFocusable={request.isPending}>
          {request.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
        <p className={styles.footer}>
          <RouterLink to="/login">{TEXT.backToSignIn}</RouterLink>
        </p>
      </form>
    </>
  )
}
