// Total Credit in the sidebar (portal-spec.md §2, §9): two decimals, the danger colour under 20, an error
// text when the balance cannot be loaded, '--' while it is unknown. A money move calls refreshCredits
// (src/lib/credits.ts), which rereads the balance and broadcasts a window event named 'credits-updated';
// the balance also asks to be reloaded on that event, whoever sends it.
import { useEffect, useEffectEvent } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Wallet24Regular } from '@fluentui/react-icons'
import { CREDITS_UPDATED_EVENT, formatCredits } from '@/lib/credits'
import { CREDIT_TEXT as TEXT } from '../messages'
/** portal-spec.md §9: low credit is under 20. */
export const LOW_CREDIT_THRESHOLD = 20

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  compact: { justifyItems: 'center', textAlign: 'center' },
  inline: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  label: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground3 },
  value: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  compactValue: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' },
  low: { color: tokens.colorStatusDangerForeground1 },
  icon: { color: tokens.colorNeutralForeground3 },
  error: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorStatusDangerForeground1 },
  hidden: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
})

export interface CreditBalanceProps {
  /** The balance; undefined while unknown. */
  credits: number | undefined
  /** Loading the balance failed. */
  failed: boolean
  /** Ask for the balance again; called on each 'credits-updated' event. */
  onCreditsUpdated: () => void
  /** The icon rail of a collapsed sidebar: the label is only read out. */
  compact?: boolean
  /** With compact: the icon beside the value, not above it (the phone's header). */
  inline?: boolean
}

export function CreditBalance({ credits, failed, onCreditsUpdated, compact = false, inline = false }: CreditBalanceProps) {
  const styles = useStyles()
  const reload = useEffectEvent(() => onCreditsUpdated())
  useEffect(() => {
    const listener = () => reload()
    window.addEventListener(CREDITS_UPDATED_EVENT, listener)
    return () => window.removeEventListener(CREDITS_UPDATED_EVENT, listener)
  }, [])

  const known = !failed && credits !== undefined
  const low = known && credits < LOW_CREDIT_THRESHOLD
  const title = known ? `${TEXT.totalCredit}: ${formatCredits(credits)}` : TEXT.totalCredit

  return (
    <div className={mergeClasses(styles.root, compact && styles.compact, compact && inline && styles.inline)} data-low-credit={low} title={compact ? title : undefined}>
      {compact && <Wallet24Regular className={styles.icon} aria-hidden="true" />}
      <span className={compact ? styles.hidden : styles.label}>{TEXT.totalCredit}</span>
      {failed ? (
        <span role="alert" className={compact ? styles.hidden : styles.error}>
          {TEXT.loadFailed}
        </span>
      ) : (
        <span className={mergeClasses(styles.value, compact && styles.compactValue, low && styles.low)} aria-live="polite">
          {known ? formatCredits(credits) : TEXT.unknown}
          {low && <span className={styles.hidden}> ({TEXT.low})</span>}
        </span>
      )}
      {failed && compact && (
        <span className={mergeClasses(styles.value, styles.compactValue, styles.low)} aria-hidden="true">
          !
        </span>
      )}
    </div>
  )
}
