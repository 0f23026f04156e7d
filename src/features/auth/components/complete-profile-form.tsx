// Finish sign-up from the e-mailed link (portal-spec.md §2 Complete profile, §5, §8): the name and
// e-mail come from the link's token; the person adds optional details and chooses a password.
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button, Field, Input, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { passwordProblem, TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { PageTitle } from '@/components/page-title'
import { useCompleteSignup } from '../api/complete-signup'
import { useSignupDetails, type SignupDetailsAnswer } from '../api/get-signup-details'
import { failureText } from '@/lib/failure-text'
import { COMPLETE_PROFILE_TEXT as TEXT } from '../messages'
import { useAuthFormStyles } from './auth-form-styles'
import { StatusMessage } from '@/components/status-message'
import { NewPasswordFields } from './new-password-fields'

const useStyles = makeStyles({
  readOnlyGroup: { display: 'grid', gap: tokens.spacingVerticalS },
  readOnlyHint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
})

/** portal-spec.md §9: the redirect to sign-in after completion waits 2 seconds. */
export const SIGNUP_REDIRECT_DELAY_MS = 2000
const PHONE_MAX_LENGTH = 30
const ADDRESS_MAX_LENGTH = 500

export interface CompleteProfileCheck {
  password: string
  confirmPassword: string
  fullName: string
  email: string
  token: string
}

/** The first problem with the form, in the order of portal-spec.md §5, or null. */
export function completeProfileProblem(form: CompleteProfileCheck): string | null {
  if (!form.password || !form.confirmPassword) return TEXT.passwordRequired
  if (!form.fullName || !form.email) return TEXT.missingUser
  if (form.password !== form.confirmPassword) return TEXT.mismatch
  const broken = passwordProblem(form.password)
  if (broken) return broken
  if (!form.token) return TEXT.invalidToken
  return null
}

/** The name and e-mail from the details answer, or why they cannot be used. */
export function readSignupDetails(answer: SignupDetailsAnswer): { fullName: string; email: string } | { problem: string } {
  const fullName = typeof answer?.detail?.full_name === 'string' ? answer.detail.full_name : ''
  const email = typeof answer?.detail?.email === 'string' ? answer.detail.email : ''
  if (!fullName && !email) return { problem: TEXT.detailsIncomplete }
  if (!email) return { problem: TEXT.detailsNoEmail }
  if (!fullName) return { problem: TEXT.detailsNoName }
  return { fullName, email }
}

export function CompleteProfileForm() {
  const styles = { ...useAuthFormStyles(), ...useStyles() }
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const details = useSignupDetails(token || null)
  const [phoneNumber, setPhoneNumber] = useState('')
  const [companyName, setCompanyName] = useState('')
  const [address, setAddress] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [completedFor, setCompletedFor] = useState<string | null>(null)
  const complete = useCompleteSignup()
  const readOnlyHintId = useId()

  const read = details.isSuccess ? readSignupDetails(details.data) : null
  const user = read && !('problem' in read) ? read : { fullName: '', email: '' }
  const detailsProblem = details.isError
    ? failureText(details.error, { network: TEXT.detailsNetwork, fallback: TEXT.detailsFailed, invalidAnswer: TEXT.detailsIncomplete })
    : read && 'problem' in read
      ? read.problem
      : null

  useEffect(() => {
    if (completedFor === null) return
    const timer = setTimeout(
      () => navigate('/login', { state: { registered: true, email: completedFor } }),
      SIGNUP_REDIRECT_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [completedFor, navigate])

  const busy = complete.isPending || completedFor !== null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = completeProfileProblem({ password, confirmPassword, ...user, token })
    if (problem) return setError(problem)
    setError(null)
    complete.mutate(
      {
        email: user.email,
        role: 'CLERK',
        full_name: user.fullName,
        password,
        phone_number: phoneNumber.trim(),
        company_name: companyName.trim(),
        address: address.trim(),
        signup_token: token,
      },
      {
        onSuccess: (answer) => {
          if (answer?.success !== true) return setError(answer?.message || TEXT.notSuccessful)
          setCompletedFor(user.email)
        },
        onError: (failure) => setError(failureText(failure, { network: TEXT.network, fallback: TEXT.createFailed, invalidAnswer: TEXT.notSuccessful })),
      },
    )
  }

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{TEXT.intro}</p>
        {!token && <StatusMessage intent="warning">{TEXT.missingToken}</StatusMessage>}
        {details.isLoading && <Spinner size="tiny" label={TEXT.checking} />}
        {detailsProblem && <StatusMessage intent="error">{detailsProblem}</StatusMessage>}
        {error && <StatusMessage intent="error">{error}</StatusMessage>}
        {completedFor !== null && <StatusMessage intent="success">{TEXT.success}</StatusMessage>}
        {/* Read-only, and drawn so (filled, as the User Profile dialog's), with the reason read out. */}
        <div className={styles.readOnlyGroup}>
          <Field label={TEXT.fullName}>
            <Input name="full_name" value={user.fullName} readOnly appearance="filled-darker" aria-describedby={readOnlyHintId} />
          </Field>
          <Field label={TEXT.email}>
            <Input type="email" name="email" autoComplete="username" value={user.email} readOnly appearance="filled-darker" aria-describedby={readOnlyHintId} />
          </Field>
          <p id={readOnlyHintId} className={styles.readOnlyHint}>
            {TEXT.readOnlyHint}
          </p>
        </div>
        <Field label={TEXT.phoneNumber}>
          <Input
            type="tel"
            name="phone_number"
            autoComplete="tel"
            value={phoneNumber}
            maxLength={PHONE_MAX_LENGTH}
            onChange={(_, data) => setPhoneNumber(data.value)}
          />
        </Field>
        <Field label={TEXT.companyName}>
          <Input
            name="company_name"
            autoComplete="organization"
            value={companyName}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => setCompanyName(data.value)}
          />
        </Field>
        <Field label={TEXT.address}>
          <Textarea
            name="address"
            autoComplete="street-address"
            value={address}
            maxLength={ADDRESS_MAX_LENGTH}
            resize="vertical"
            onChange={(_, data) => setAddress(data.value)}
          />
        </Field>
        <NewPasswordFields
          passwordLabel={TEXT.password}
          passwordName="password"
          confirmLabel={TEXT.confirmPassword}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
        />
        <Button className={styles.submit} appearance="primary" type="submit" size="large" disabledFocusable={busy}>
          {complete.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
      </form>
    </>
  )
}
