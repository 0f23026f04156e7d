// After sign-up starts (portal-spec.md §2 Check email): the link to finish is on its way.
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { useLocation, useNavigate } from 'react-router-dom'
import { PageTitle } from '@/components/page-title'
import { CHECK_EMAIL_TEXT as TEXT } from '../messages'
import { useAuthFormStyles } from './auth-form-styles'

/** What the sign-up form hands over through navigation state. */
export interface CheckEmailArrival {
  name?: string
  email?: string
}

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalM },
  text: { margin: 0, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  email: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
})

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

export function CheckEmail() {
  const styles = { ...useAuthFormStyles(), ...useStyles() }
  const navigate = useNavigate()
  const state = (useLocation().state ?? {}) as CheckEmailArrival
  const name = text(state.name)
  const email = text(state.email)

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <div className={`${styles.form} ${styles.body}`}>
        {name && <p className={styles.text}>{TEXT.thanks(name)}</p>}
        {email ? (
          <p className={styles.text}>
            {TEXT.sentTo} <span className={styles.email}>{email}</span>.
          </p>
        ) : (
          <p className={styles.text}>{TEXT.sentToYou}</p>
        )}
        <p className={styles.text}>{TEXT.next}</p>
        <p className={styles.text}>{TEXT.spam}</p>
        <Button className={styles.submit} appearance="primary" size="large" onClick={() => navigate('/login')}>
          {TEXT.returnToLogin}
        </Button>
      </div>
    </>
  )
}
