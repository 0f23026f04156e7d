// /terms (portal-spec.md §2): the terms document on a page of its own, outside the auth layout.
import { Button, makeStyles, shorthands, tokens } from '@fluentui/react-components'
import { useLocation, useNavigate } from 'react-router-dom'
import { PageTitle } from '@/components/page-title'
import { TERMS_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    maxWidth: '960px',
    height: '100dvh',
    marginInline: 'auto',
    ...shorthands.padding('24px', '16px'),
    gap: tokens.spacingVerticalM,
  },
  frame: {
    flexGrow: 1,
    minHeight: '320px',
    width: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
})

export function TermsPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const location = useLocation()
  // Opened directly (a bookmark, a new tab) there is no page of ours to go back to: go to sign-in.
  const goBack = () => (location.key === 'default' ? navigate('/login') : navigate(-1))

  return (
    <main className={styles.root}>
      <PageTitle>{TEXT.title}</PageTitle>
      <iframe className={styles.frame} title={TEXT.frameTitle} src={TEXT.document} />
      <div className={styles.actions}>
        <Button onClick={goBack}>{TEXT.back}</Button>
        <Button appearance="primary" onClick={() => navigate('/signup')}>
          {TEXT.returnToSignUp}
        </Button>
      </div>
    </main>
  )
}
