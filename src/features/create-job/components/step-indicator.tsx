// The four steps (portal-spec.md §2): a list a screen reader reads as such, the current one marked
// with aria-current="step". It shows where the clerk is; the Back and Next buttons move.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Checkmark16Regular } from '@fluentui/react-icons'
import type { WizardStep } from '../draft/wizard-draft'
import { WIZARD_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: `0 0 ${tokens.spacingVerticalXL}`, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  item: { display: 'grid', justifyItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  marker: {
    display: 'grid',
    placeItems: 'center',
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  currentMarker: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand, border: 'none' },
  doneMarker: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, border: 'none' },
})

export function StepIndicator({ step }: { step: WizardStep }) {
  const styles = useStyles()
  return (
    <ol className={styles.list} aria-label={TEXT.stepsLabel}>
      {TEXT.steps.map((name, index) => {
        const number = index + 1
        const current = number === step
        const done = number < step
        return (
          <li key={name} className={mergeClasses(styles.item, current && styles.current)} aria-current={current ? 'step' : undefined}>
            <span className={mergeClasses(styles.marker, current && styles.currentMarker, done && styles.doneMarker)} aria-hidden="true">
              {done ? <Checkmark16Regular /> : number}
            </span>
            <span>{name}</span>
          </li>
        )
      })}
    </ol>
  )
}
