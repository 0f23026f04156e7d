// The top header of the signed-in pages (portal-spec.md §2 Application shell): the sidebar toggle and
// the brand, then the notification bell and the profile menu. On a phone (768 px or less), where the
// sidebar is off-canvas, the header shows Total Credit too. Only there, so a wider page holds one
// balance, and the prerendered page (desktop frame) gains it after hydration at the header's right,
// where nothing else moves.
import type { RefObject } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { Navigation24Regular } from '@fluentui/react-icons'
import { BrandMark } from '@/components/brand-mark'
import { keepsEarlyTap, useEarlyTap } from '@/lib/early-tap'
import { useCreditBalance } from '@/features/credits/api/get-credit-balance'
import { CreditBalance } from '@/features/credits/components/credit-balance'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { HEADER_HEIGHT } from './app-sidebar'
import { ProfileMenu } from './profile-menu'

export const TOGGLE_TEXT = { collapse: 'Collapse navigation', expand: 'Expand navigation' } as const

const useStyles = makeStyles({
  root: {
    position: 'sticky',
    top: 0,
    zIndex: 30,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: HEADER_HEIGHT,
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  brandName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  grow: { flexGrow: 1 },
  credit: { flexShrink: 0 },
})

export interface AppHeaderProps {
  sidebarId: string
  expanded: boolean
  onToggle: () => void
  toggleRef: RefObject<HTMLButtonElement | null>
  /** 768 px wide or less: the sidebar is off-canvas, so the balance shows here. */
  phone: boolean
}

export function AppHeader({ sidebarId, expanded, onToggle, toggleRef, phone }: AppHeaderProps) {
  const styles = useStyles()
  const credits = useCreditBalance()
  // my-jobs.html holds the toggle before the scripts run: a tap there is kept.
  const onToggleClick = useEarlyTap(toggleRef, onToggle)
  return (
    <header className={styles.root}>
      <Button
        ref={toggleRef}
        {...keepsEarlyTap}
        appearance="subtle"
        size="large"
        icon={<Navigation24Regular />}
        aria-label={expanded ? TOGGLE_TEXT.collapse : TOGGLE_TEXT.expand}
        aria-expanded={expanded}
        aria-controls={sidebarId}
        onClick={onToggleClick}
      />
      <span className={styles.brand}>
        <BrandMark size={28} />
        <span className={styles.brandName}>InspectScribe</span>
      </span>
      <span className={styles.grow} />
      {phone && (
        <div className={styles.credit}>
          <CreditBalance
            credits={credits.data}
            failed={credits.isError}
            compact
            inline
            // As the sidebar's: refreshCredits already rereads the balance; share that request.
            onCreditsUpdated={() => void credits.refetch({ cancelRefetch: false })}
          />
        </div>
      )}
      <NotificationBell />
      <ProfileMenu />
    </header>
  )
}
