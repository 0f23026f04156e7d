import type { ReactNode } from 'react'
import { makeStyles, shorthands, Text, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router-dom'
import { BrandMark } from './brand-mark'

// portal-spec.md §9: the mobile breakpoint is 768 px; at or below it the marketing panel is hidden.
const NARROW = '@media (max-width: 768px)'

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)',
    minHeight: '100dvh',
    [NARROW]: { gridTemplateColumns: '1fr' },
  },
  marketing: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXL,
    ...shorthands.padding('48px', '56px'),
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: 'linear-gradient(150deg, #0b3e73 0%, #0f6cbd 55%, #2886de 100%)',
    [NARROW]: { display: 'none' },
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  headline: { fontSize: '34px', lineHeight: '42px', fontWeight: tokens.fontWeightSemibold, maxWidth: '460px' },
  lead: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, maxWidth: '460px', opacity: 0.92 },
  points: { display: 'grid', gap: tokens.spacingVerticalM, margin: 0, paddingInlineStart: '20px', maxWidth: '460px' },
  formPanel: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    ...shorthands.padding('40px', '24px'),
    backgroundColor: tokens.colorNeutralBackground2,
    [NARROW]: { alignItems: 'flex-start', ...shorthands.padding('24px', '16px') },
  },
  formCard: {
    width: '100%',
    maxWidth: '420px',
    ...shorthands.padding('32px'),
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    [NARROW]: { ...shorthands.padding('24px', '20px') },
  },
  narrowBrand: { display: 'none', marginBottom: tokens.spacingVerticalL, [NARROW]: { display: 'flex' } },
})

/** The split layout every auth page shares: marketing on the left, the form on the right. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <aside className={styles.marketing} aria-label="About InspectScribe">
        <div className={styles.brand}>
          <BrandMark size={44} />
          <Text size={600} weight="semibold">
            InspectScribe
          </Text>
        </div>
        <h2 className={styles.headline}>The smart, AI-powered platform for inventory clerks</h2>
        <p className={styles.lead}>
          Record the inspection, send us the audio, and get a finished report or transcript back: fast, accurate and
          GDPR-compliant.
        </p>
        <ul className={styles.points}>
          <li>AI transcription in about an hour, or human transcription with the turnaround you choose</li>
          <li>Pay as you go with credits: no subscription</li>
          <li>Your recordings and reports are handled under UK GDPR and erased on request</li>
        </ul>
      </aside>
      <main className={styles.formPanel}>
        <div className={styles.formCard}>
          <div className={`${styles.brand} ${styles.narrowBrand}`}>
            <BrandMark size={32} />
            <Text size={500} weight="semibold">
              InspectScribe
            </Text>
          </div>
          {children ?? <Outlet />}
        </div>
      </main>
    </div>
  )
}
