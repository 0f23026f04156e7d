// The strength hint under a new password (portal-spec.md §5): Weak, Moderate or Strong, from the
// contract's count of satisfied rules. Shared by sign-up, password reset and Change Password.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { passwordStrength, type PasswordStrength } from '@contract/password-rules.ts'

const STRENGTH_LABEL = 'Password strength:'

const LEVEL: Record<PasswordStrength, number> = { Weak: 1, Moderate: 2, Strong: 3 }

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalXS, minHeight: '24px' },
  bar: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: tokens.spacingHorizontalXS },
  segment: { height: '4px', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorNeutralStroke2 },
  Weak: { backgroundColor: tokens.colorPaletteRedBackground3 },
  Moderate: { backgroundColor: tokens.colorPaletteMarigoldBackground3 },
  Strong: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  label: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
})

/** Nothing until something is typed; then the level in words (read out politely) and as a bar. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const styles = useStyles()
  const strength = password ? passwordStrength(password) : null
  return (
    <div className={styles.root} aria-live="polite">
      {strength && (
        <>
          <div className={styles.bar} aria-hidden="true">
            {[1, 2, 3].map((step) => (
              <span key={step} className={mergeClasses(styles.segment, step <= LEVEL[strength] && styles[strength])} />
            ))}
          </div>
          <span className={styles.label}>
            {STRENGTH_LABEL} <strong>{strength}</strong>
          </span>
        </>
      )}
    </div>
  )
}
