// The signed-in layout (portal-spec.md §2 Application shell): header, sidebar and the page. The
// sidebar starts collapsed on screens 768 px wide or less (§9 mobile breakpoint), where collapsed
// means off-canvas; on wider screens collapsed is an icon rail.
import { useCallback, useId, useRef, useState, useSyncExternalStore } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router-dom'
import { AppHeader } from './app-header'
import { AppSidebar } from './app-sidebar'
import { OfflineBanner } from './offline-banner'

const MAIN_ID = 'main-content'

/** portal-spec.md §9: the mobile breakpoint. */
export const PHONE_QUERY = '(max-width: 768px)'

function phoneQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery()
  query?.addEventListener?.('change', onChange)
  return () => query?.removeEventListener?.('change', onChange)
}

/**
 * True while the window is 768 px wide or less. False at build time and while hydrating (the
 * prerendered frame is the desktop one, which its styles lay out as the phone's on a narrow screen),
 * then the window's own answer.
 */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery()?.matches ?? false, () => false)
}

const useStyles = makeStyles({
  root: { minHeight: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1 },
  body: { display: 'flex', flexGrow: 1, minWidth: 0 },
  main: {
    flexGrow: 1,
    minWidth: 0,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    outline: 'none',
    '@media (max-width: 768px)': { padding: tokens.spacingHorizontalL },
  },
  skip: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 40,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS },
  },
})

export function AppShell() {
  const styles = useStyles()
  const sidebarId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const phone = usePhoneLayout()
  // Open on a desktop, closed on a phone. While hydrating, `phone` is still false (open, as
  // prerendered); the check below closes it at once if the window is a phone's.
  const [expanded, setExpanded] = useState(!phone)

  // A window that narrows to a phone's width closes the sidebar rather than laying a drawer over the page.
  const [wasPhone, setWasPhone] = useState(phone)
  if (phone !== wasPhone) {
    setWasPhone(phone)
    if (phone) setExpanded(false)
  }

  const collapse = useCallback((returnFocus: boolean) => {
    setExpanded(false)
    if (returnFocus) toggleRef.current?.focus()
  }, [])

  return (
    <div className={styles.root}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <AppHeader sidebarId={sidebarId} expanded={expanded} onToggle={() => setExpanded((open) => !open)} toggleRef={toggleRef} phone={phone} />
      <div className={styles.body}>
        <AppSidebar id={sidebarId} expanded={expanded} phone={phone} onCollapse={collapse} />
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          <OfflineBanner />
          <Outlet />
        </main>
      </div>
    </div>
  )
}
