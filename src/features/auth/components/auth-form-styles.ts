import { makeStyles, tokens } from '@fluentui/react-components'

/** The look every account form shares inside the auth layout's card. */
export const useAuthFormStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalL },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  footer: { margin: 0, textAlign: 'center', color: tokens.colorNeutralForeground2 },
  submit: { width: '100%' },
})
