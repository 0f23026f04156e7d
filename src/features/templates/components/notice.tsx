// A message in Fluent's status colours. Callers choose the live role: errors are role="alert"; a
// success sits inside a persistent role="status" region so that screen readers announce it.
import type { HTMLAttributes, ReactNode } from 'react'
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { CheckmarkCircle16Filled, ErrorCircle16Filled, Info16Regular } from '@fluentui/react-icons'

export type NoticeIntent = 'error' | 'success' | 'info'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid transparent`,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  icon: { flexShrink: 0, marginTop: '2px' },
  body: { flexGrow: 1, minWidth: 0 },
  action: { flexShrink: 0, alignSelf: 'center' },
  error: { backgroundColor: tokens.colorStatusDangerBackground1, ...shorthands.borderColor(tokens.colorStatusDangerBorder1) },
  errorIcon: { color: tokens.colorStatusDangerForeground1 },
  success: { backgroundColor: tokens.colorStatusSuccessBackground1, ...shorthands.borderColor(tokens.colorStatusSuccessBorder1) },
  successIcon: { color: tokens.colorStatusSuccessForeground1 },
  info: { backgroundColor: tokens.colorNeutralBackground3, ...shorthands.borderColor(tokens.colorNeutralStroke2) },
  infoIcon: { color: tokens.colorBrandForeground1 },
})

const ICONS = { error: ErrorCircle16Filled, success: CheckmarkCircle16Filled, info: Info16Regular } as const

export interface NoticeProps extends Pick<HTMLAttributes<HTMLDivElement>, 'role' | 'id'> {
  intent: NoticeIntent
  children: ReactNode
  /** A button beside the text, e.g. Try again. */
  action?: ReactNode
}

export function Notice({ intent, children, action, ...rest }: NoticeProps) {
  const styles = useStyles()
  const Icon = ICONS[intent]
  return (
    <div {...rest} className={mergeClasses(styles.root, styles[intent])}>
      <Icon aria-hidden className={mergeClasses(styles.icon, styles[`${intent}Icon`])} />
      <div className={styles.body}>{children}</div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
