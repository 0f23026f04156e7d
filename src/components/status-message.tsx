// A message in Fluent's status colours, shared by every form and page. Not Fluent's MessageBar: that
// brings its motion and reflow machinery (about 3 KB gzip) to /login, which has a bundle budget.
import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'

export type StatusIntent = 'error' | 'warning' | 'success' | 'info'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    ...shorthands.padding(tokens.spacingVerticalS, tokens.spacingHorizontalM),
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', 'transparent'),
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  icon: { flexShrink: 0, width: '16px', height: '16px', marginTop: '2px' },
  body: { flexGrow: 1, minWidth: 0 },
  action: { flexShrink: 0, alignSelf: 'center' },
  error: { backgroundColor: tokens.colorStatusDangerBackground1, ...shorthands.borderColor(tokens.colorStatusDangerBorder1) },
  errorIcon: { color: tokens.colorStatusDangerForeground1 },
  warning: { backgroundColor: tokens.colorStatusWarningBackground1, ...shorthands.borderColor(tokens.colorStatusWarningBorder1) },
  warningIcon: { color: tokens.colorStatusWarningForeground3 },
  success: { backgroundColor: tokens.colorStatusSuccessBackground1, ...shorthands.borderColor(tokens.colorStatusSuccessBorder1) },
  successIcon: { color: tokens.colorStatusSuccessForeground1 },
  info: { backgroundColor: tokens.colorNeutralBackground3, ...shorthands.borderColor(tokens.colorNeutralStroke2) },
  infoIcon: { color: tokens.colorBrandForeground1 },
})

const ICON_PATH: Record<StatusIntent, string> = {
  error: 'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 9.5a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8ZM8 4a.75.75 0 0 0-.75.75v4a.75.75 0 0 0 1.5 0v-4A.75.75 0 0 0 8 4Z',
  warning: 'M7.13 1.5a1 1 0 0 1 1.74 0l6.5 11.5A1 1 0 0 1 14.5 14.5h-13a1 1 0 0 1-.87-1.5l6.5-11.5ZM8 10.6a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8ZM8 5a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 8 5Z',
  success: 'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm3.03 4.72a.75.75 0 0 0-1.06 0L7 8.69 6.03 7.72a.75.75 0 0 0-1.06 1.06l1.5 1.5a.75.75 0 0 0 1.06 0l3.5-3.5a.75.75 0 0 0 0-1.06Z',
  info: 'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 6a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 8 7Zm0-2.8a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8Z',
}

export interface StatusMessageProps {
  intent: StatusIntent
  children: ReactNode
  /**
   * By default errors are announced at once (role="alert") and the rest politely (role="status").
   * null: no role, for a message placed inside a live region the caller keeps on the page.
   */
  role?: 'alert' | 'status' | null
  /** A button beside the text, e.g. Try again. */
  action?: ReactNode
}

export function StatusMessage({ intent, children, role, action }: StatusMessageProps) {
  const styles = useStyles()
  const liveRole = role === undefined ? (intent === 'error' ? 'alert' : 'status') : (role ?? undefined)
  return (
    <div role={liveRole} className={mergeClasses(styles.root, styles[intent])}>
      <svg className={mergeClasses(styles.icon, styles[`${intent}Icon`])} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICON_PATH[intent]} />
      </svg>
      <div className={styles.body}>{children}</div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
