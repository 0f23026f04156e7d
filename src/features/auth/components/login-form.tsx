// The sign-in form (portal-spec.md §2 Login, §5, §8). Kept light on purpose: /login is the first screen
// and has a bundle budget, so it imports no other account screen.
import { useRef, useState, type FormEvent } from 'react'
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { useLocation, useNavigate } from 'react-router-dom'
import { TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { PageTitle } from '@/components/page-title'
import { FORCED_LOGOUT_KEY, saveSession } from '@/lib/session'
import { useLogin } from '../api/login'
import { failureText } from '@/lib/failure-text'
import { LOGIN_TEXT as TEXT } from '../login-messages'
import { useAuthFormStyles } from './auth-form-styles'
import { StatusMessage } from '@/components/status-message'
import { RouterLink } from './router-link'
import { arrivalFrom, filledInEmail, type LoginArrival } from '../lib/login-arrival'
import { earlySubmitHandled, keepsEarlySubmit, useEarlySubmit } from '@/lib/early-submit'
import { usePrerenderPass } from '@/lib/use-prerender-pass'
import { useValueTypedBeforeHydration } from '@/lib/use-value-typed-before-hydration'

const useStyles = makeStyles({
  forgot: { justifySelf: 'end', marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
})

function arrivalBanner(arrival: LoginArrival) {
  if (arrival.registered) return <StatusMessage intent="success">{TEXT.registered}</StatusMessage>
  if (arrival.passwordReset) return <StatusMessage intent="success">{TEXT.passwordReset}</StatusMessage>
  if (arrival.sessionExpired) return <StatusMessage intent="warning">{TEXT.sessionExpired}</StatusMessage>
  return null
}

function loginFailureText(error: unknown): string {
  return failureText(error, { network: TEXT.network, fallback: TEXT.failed, byCode: { account_inactive: TEXT.deactivated } })
}

export function LoginForm() {
  const styles = { ...useAuthFormStyles(), ...useStyles() }
  const location = useLocation()
  const navigate = useNavigate()
  const arrival = arrivalFrom(location.state)
  const [email, setEmail] = useState(() => filledInEmail(arrival))
  const [password, setPassword] = useState('')
  const [showPassword, setShowPassword] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const login = useLogin()
  // True while React takes over the prerendered form, which has no banner: the arrival's banner (a
  // reload of /login keeps its navigation state) is drawn right after, so the form can still be taken
  // over, with what was typed into it before the scripts ran.
  const prerendering = usePrerenderPass()
  const emailField = useRef<HTMLInputElement>(null)
  const passwordField = useRef<HTMLInputElement>(null)
  // /login's document holds this form before the scripts run (prerendered at build time): what a
  // person or the browser's autofill put into it meanwhile is kept.
  useValueTypedBeforeHydration(emailField, setEmail)
  useValueTypedBeforeHydration(passwordField, setPassword)
  // The Show toggle needs the scripts: until they have taken the form over it is drawn disabled, not
  // as a button that would do nothing when pressed (`prerendering`, above).
  // A Sign In pressed (or Enter) before the scripts took the prerendered form over is sent now.
  const form = useRef<HTMLFormElement>(null)
  useEarlySubmit(form)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    earlySubmitHandled(event.currentTarget)
    if (login.isPending) return
    setError(null)
    // What the fields show, which is the state, except a value the browser's password manager put into
    // the prerendered form before React took it over: Chrome shows it to scripts only once the person
    // acts, so the take-over on mount may have read nothing.
    const shown = { email: emailField.current?.value ?? email, password: passwordField.current?.value ?? password }
    setEmail(shown.email)
    setPassword(shown.password)
    login.send(shown).then(
      (answer) => {
        // Only clerks may use the portal; anyone else is refused as if the credentials were wrong.
        if (answer?.role !== 'CLERK') return setError(TEXT.invalidCredentials)
        if (!answer.token) return setError(answer.message || TEXT.failed)
        saveSession(answer.token, answer.role)
        // A new sign-in ends the forced-logout state the inactivity timer left behind.
        sessionStorage.removeItem(FORCED_LOGOUT_KEY)
        navigate('/my-jobs', { replace: true })
      },
      (failure: unknown) => setError(loginFailureText(failure)),
    )
  }

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      {/* Without noValidate: the browser itself asks for an empty field (the spec words no message for it).
          method="dialog": before the scripts have run (the prerendered form), a submission outside a
          dialog does nothing, where the default GET would put the password in the address; the
          document's loader marks it instead, and useEarlySubmit sends it once the form is taken over. */}
      <form ref={form} className={styles.form} method="dialog" onSubmit={onSubmit} {...keepsEarlySubmit}>
        {!prerendering && arrivalBanner(arrival)}
        {error && <StatusMessage intent="error">{error}</StatusMessage>}
        <Field label={TEXT.email} required>
          {/* No format check on login (portal-spec.md §5): a text input with the e-mail keyboard. */}
          <Input
            type="text"
            inputMode="email"
            ref={emailField}
            name="email"
            autoComplete="username"
            value={email}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => setEmail(data.value)}
          />
        </Field>
        <Field label={TEXT.password} required>
          <Input
            type={showPassword ? 'text' : 'password'}
            ref={passwordField}
            name="password"
            autoComplete="current-password"
            value={password}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => setPassword(data.value)}
            contentAfter={
              <Button
                appearance="transparent"
                size="small"
                disabled={prerendering}
                aria-label={showPassword ? TEXT.hidePasswordName : TEXT.showPasswordName}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? TEXT.hidePassword : TEXT.showPassword}
              </Button>
            }
          />
        </Field>
        <RouterLink className={styles.forgot} to="/forgot-password">
          {TEXT.forgotPassword}
        </RouterLink>
        <Button className={styles.submit} appearance="primary" type="submit" size="large" disabledFocusable={login.isPending}>
          {login.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
        <p className={styles.footer}>
          {TEXT.signUpPrompt} <RouterLink to="/signup">{TEXT.signUp}</RouterLink>
        </p>
      </form>
    </>
  )
}
