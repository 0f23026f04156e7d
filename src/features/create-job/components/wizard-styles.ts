// The layout every step shares: one column that fits a 390 px phone, headings, and the button row,
// which stacks full width on a phone (easier to hit) and sits in one row from a tablet up.
import { makeStyles, tokens } from '@fluentui/react-components'
import { visuallyHidden } from '@/components/visually-hidden'

export const useWizardStyles = makeStyles({
  step: { display: 'grid', gap: tokens.spacingVerticalL, maxWidth: '880px', minWidth: 0 },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  subheading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0 },
  muted: { margin: 0, color: tokens.colorNeutralForeground3 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    '@media (max-width: 480px)': { flexDirection: 'column-reverse', alignItems: 'stretch' },
  },
  footer: { marginTop: tokens.spacingVerticalXXL, maxWidth: '880px' },
  spacer: { flexGrow: 1 },
  button: { minWidth: '120px', minHeight: '40px' },
  hidden: visuallyHidden,
})
