import { useState, type FormEvent } from 'react'
import { Button, Field, Input, Link, makeStyles, tokens } from '@fluentui/react-components'
import { Link as RouterLink } from 'react-router-dom'

const MAX_LENGTH = 100

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  forgot: { justifySelf: 'end', marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
  footer: { textAlign: 'center', color: tokens.colorNeutralForeground2 },
})

export function LoginForm() {
  const styles = useStyles()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [showPassword, setShowPassword] = useState(false)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h1 className={styles.heading}>Sign in</h1>
      <Field label="Email" required>
        <Input type="email" autoComplete="username" value={email} maxLength={MAX_LENGTH} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <Field label="Password" required>
        <Input
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          maxLength={MAX_LENGTH}
          onChange={(_, d) => setPassword(d.value)}
          contentAfter={
            <Button appearance="transparent" size="small" onClick={() => setShowPassword((s) => !s)} aria-pressed={showPassword}>
              {showPassword ? 'Hide' : 'Show'}
            </Button>
          }
        />
      </Field>
      <Link className={styles.forgot} as="a" href="/forgot-password" onClick={(e) => e.preventDefault()}>
        Forgot Password
      </Link>
      <Button appearance="primary" type="submit" size="large">
        Sign In
      </Button>
      <p className={styles.footer}>
        New to InspectScribe?{' '}
        <RouterLink to="/signup">Sign up</RouterLink>
      </p>
    </form>
  )
}
