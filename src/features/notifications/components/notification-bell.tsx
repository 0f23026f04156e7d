// The header's notification bell (portal-spec.md §2 Application shell): the unread count as a badge,
// the list in a popover that opens below it. The list is polled every 60 s while the shell is open.
import { useId, useRef, useState } from 'react'
import { Button, CounterBadge, makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components'
import { Alert24Regular } from '@fluentui/react-icons'
import { keepsEarlyTap, useEarlyTapApplied } from '@/lib/early-tap'
import { useNotifications } from '../api/get-notifications'
import { NOTIFICATION_TEXT as TEXT } from '../messages'
import { NotificationList } from './notification-list'

const useStyles = makeStyles({
  root: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
  surface: { padding: tokens.spacingHorizontalM },
})

export function NotificationBell() {
  const styles = useStyles()
  const titleId = useId()
  const notifications = useNotifications()
  const [open, setOpen] = useState(false)
  // The bell is in the prerendered My Jobs (my-jobs.html): a tap before the scripts have taken it over
  // opens the list once they have (src/lib/early-tap.ts); Popover answers the taps after that.
  const bell = useRef<HTMLButtonElement>(null)
  const onBellClick = useEarlyTapApplied(bell, () => setOpen(true))
  const unread = notifications.data?.filter((notification) => !notification.is_read).length ?? 0

  return (
    <span className={styles.root}>
      {/* A non-modal disclosure: the page (and the bell's count) stays readable while the list is
          open, and inline rendering puts the list next in the Tab order after the bell. */}
      <Popover positioning="below-end" withArrow inline open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <PopoverTrigger disableButtonEnhancement>
          <Button ref={bell} {...keepsEarlyTap} onClick={onBellClick} appearance="subtle" size="large" icon={<Alert24Regular />} aria-label={TEXT.bellName(unread)} />
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-labelledby={titleId}>
          <NotificationList titleId={titleId} onNavigate={() => setOpen(false)} />
        </PopoverSurface>
      </Popover>
      {/* The count is in the button's name; the badge only shows it. */}
      {unread > 0 && <CounterBadge className={styles.badge} count={unread} overflowCount={99} size="small" color="danger" aria-hidden="true" data-testid="unread-badge" />}
    </span>
  )
}
