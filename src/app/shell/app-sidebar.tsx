// The sidebar of the signed-in pages (portal-spec.md §2 Application shell): the three pages, then Total
// Credit and Add Credit. On a desktop it collapses to an icon rail; on a phone it is a drawer that is
// off-canvas while collapsed.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react'
import { Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components'
import { AddCircle24Regular, DocumentAdd24Regular, DocumentText24Regular, TextBulletListLtr24Regular } from '@fluentui/react-icons'
import { NavLink } from 'react-router-dom'
import { visuallyHidden } from '@/components/visually-hidden'
import { useCreditBalance } from '@/features/credits/api/get-credit-balance'
import { CreditBalance } from '@/features/credits/components/credit-balance'
import { CREDIT_TEXT } from '@/features/credits/messages'

// Loaded on its first opening, not with the shell (docs/decisions/first-paint-budgets-and-bench.md).
const AddCreditDialog = lazy(() => import('@/features/credits/components/add-credit-dialog').then((m) => ({ default: m.AddCreditDialog })))

export const NAV_ENTRIES: { to: string; label: string; Icon: ComponentType<{ className?: string }> }[] = [
  { to: '/my-jobs', label: 'My Jobs', Icon: TextBulletListLtr24Regular },
  { to: '/create-job', label: 'Create Job', Icon: DocumentAdd24Regular },
  { to: '/template-management', label: 'Template Management', Icon: DocumentText24Regular },
]
export const NAV_LABEL = 'Main navigation'

export const HEADER_HEIGHT = '56px'
const RAIL_WIDTH = '72px'
const FULL_WIDTH = '248px'


const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowX: 'hidden',
    overflowY: 'auto',
  },
  desktop: {
    position: 'sticky',
    top: HEADER_HEIGHT,
    height: `calc(100dvh - ${HEADER_HEIGHT})`,
    flexShrink: 0,
    width: FULL_WIDTH,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
    // The prerendered frame (my-jobs.html) is the desktop one, open: on a phone's width it must look
    // as the phone's closed drawer until the hydrated render switches to it (the same query as
    // PHONE_QUERY), or the page would move when it does.
    '@media (max-width: 768px)': { position: 'fixed', top: HEADER_HEIGHT, bottom: 0, left: 0, height: 'auto', transform: 'translateX(-100%)', visibility: 'hidden' },
  },
  rail: { width: RAIL_WIDTH, paddingInline: tokens.spacingHorizontalS },
  phone: {
    position: 'fixed',
    top: HEADER_HEIGHT,
    bottom: 0,
    left: 0,
    zIndex: 20,
    width: 'min(288px, 85vw)',
    boxShadow: tokens.shadow28,
    // Opening shows the drawer at once (so its first link can take the focus) and slides it in;
    // closing slides it out and only then hides it.
    transitionProperty: 'transform, visibility',
    transitionDuration: `${tokens.durationNormal}, 0s`,
    transitionDelay: '0s, 0s',
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms, 0s' },
  },
  offCanvas: {
    transform: 'translateX(-100%)',
    visibility: 'hidden',
    boxShadow: 'none',
    transitionDelay: `0s, ${tokens.durationNormal}`,
    '@media (prefers-reduced-motion: reduce)': { transitionDelay: '0s, 0s' },
  },
  nav: { display: 'grid', gap: tokens.spacingVerticalXS },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    position: 'relative',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': {
      backgroundColor: tokens.colorBrandBackground2,
      color: tokens.colorBrandForeground1,
      fontWeight: tokens.fontWeightSemibold,
    },
    '&[aria-current="page"]::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      top: '10px',
      bottom: '10px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandForeground1,
    },
  },
  railLink: { justifyContent: 'center', paddingInline: 0 },
  icon: { flexShrink: 0 },
  label: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  hidden: visuallyHidden,
  spacer: { flexGrow: 1 },
  credit: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  addCredit: { width: '100%' },
  backdrop: {
    position: 'fixed',
    inset: `${HEADER_HEIGHT} 0 0 0`,
    zIndex: 19,
    backgroundColor: tokens.colorBackgroundOverlay,
    border: 'none',
    padding: 0,
  },
})

export interface AppSidebarProps {
  id: string
  expanded: boolean
  phone: boolean
  /** Collapse the sidebar, e.g. after a choice on a phone or Escape. */
  onCollapse: (returnFocus: boolean) => void
}

/** A link that is only an icon in the rail shows its name in a tooltip; its accessible name stays the text. */
function RailTip({ show, label, children }: { show: boolean; label: string; children: ReactElement }) {
  if (!show) return children
  return (
    <Tooltip content={label} relationship="inaccessible" positioning="after" withArrow>
      {children}
    </Tooltip>
  )
}

export function AppSidebar({ id, expanded, phone, onCollapse }: AppSidebarProps) {
  const styles = useStyles()
  const credits = useCreditBalance()
  const navRef = useRef<HTMLElement>(null)
  const [addingCredit, setAddingCredit] = useState(false)
  const [creditDialogMounted, setCreditDialogMounted] = useState(false)
  const rail = !phone && !expanded
  const offCanvas = phone && !expanded

  // A drawer opened on a phone takes the focus, so the keyboard lands on its first entry.
  useEffect(() => {
    if (phone && expanded) navRef.current?.querySelector('a')?.focus()
  }, [phone, expanded])

  const onKeyDown = (event: KeyboardEvent) => {
    if (phone && expanded && event.key === 'Escape') {
      event.stopPropagation()
      onCollapse(true)
    }
  }
  const chosen = () => {
    if (phone) onCollapse(false)
  }

  return (
    <>
      {phone && expanded && <div className={styles.backdrop} aria-hidden="true" onClick={() => onCollapse(false)} data-testid="sidebar-backdrop" />}
      <aside
        id={id}
        className={mergeClasses(styles.root, phone ? styles.phone : styles.desktop, rail && styles.rail, offCanvas && styles.offCanvas)}
        aria-label="Sidebar"
        data-state={offCanvas ? 'hidden' : rail ? 'rail' : 'expanded'}
        // Off-canvas on a phone it can be neither reached by Tab nor read out.
        inert={offCanvas}
        onKeyDown={onKeyDown}
      >
        <nav ref={navRef} aria-label={NAV_LABEL} className={styles.nav}>
          {NAV_ENTRIES.map(({ to, label, Icon }) => (
            <RailTip key={to} show={rail} label={label}>
              <NavLink to={to} className={mergeClasses(styles.link, rail && styles.railLink)} onClick={chosen}>
                <Icon className={styles.icon} aria-hidden="true" />
                <span className={rail ? styles.hidden : styles.label}>{label}</span>
              </NavLink>
            </RailTip>
          ))}
        </nav>
        <div className={styles.spacer} />
        <div className={styles.credit}>
          <CreditBalance
            credits={credits.data}
            failed={credits.isError}
            compact={rail}
            // refreshCredits already rereads the balance before it broadcasts: share that request.
            onCreditsUpdated={() => void credits.refetch({ cancelRefetch: false })}
          />
          <RailTip show={rail} label={CREDIT_TEXT.addCredit}>
            <Button
              className={styles.addCredit}
              appearance={rail ? 'subtle' : 'primary'}
              icon={<AddCircle24Regular />}
              aria-label={rail ? CREDIT_TEXT.addCredit : undefined}
              onClick={() => {
                // The drawer closes on a phone, which leaves this button out of reach: the focus goes to the
                // drawer's toggle first, so the dialog gives it back there when it closes.
                if (phone) onCollapse(true)
                setCreditDialogMounted(true)
                setAddingCredit(true)
              }}
            >
              {rail ? undefined : CREDIT_TEXT.addCredit}
            </Button>
          </RailTip>
        </div>
      </aside>
      {/* Mounted from the first opening on, and closed through `open`. */}
      {creditDialogMounted && (
        <Suspense fallback={null}>
          <AddCreditDialog open={addingCredit} onClose={() => setAddingCredit(false)} />
        </Suspense>
      )}
    </>
  )
}
