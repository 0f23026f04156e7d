// Text that is out of sight but still read by screen readers: a 1 px clipped box out of the flow
// (not display: none or visibility: hidden, which take it out of the accessibility tree too). Used
// inside a component's makeStyles, e.g. makeStyles({ hidden: visuallyHidden }).
import type { GriffelStyle } from '@fluentui/react-components'

export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const satisfies GriffelStyle
