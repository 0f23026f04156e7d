// The list inside the bell's popover (portal-spec.md §3 Notification, §4): each message with its time,
// unread ones marked; clicking an unread one marks it read; Mark all as read marks every one.
import { useRef } from 'react'
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components'
import type { Notification } from '@contract/notifications.ts'
import { useNotifications } from '../api/get-notifications'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import { NOTIFICATION_TEXT as TEXT } from '../messages'
import { formatNotificationTime } from './format-notification-time'

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, width: 'min(360px, calc(100vw - 48px))' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  list: { outline: 'none', listStyle: 'none', margin: 0, padding: 0, maxHeight: 'min(420px, 60dvh)', overflowY: 'auto', display: 'grid', gap: tokens.spacingVerticalXXS },
  item: {
    display: 'grid',
    gridTemplateColumns: '10px 1fr',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: 'none',
    textAlign: 'start',
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    backgroundColor: 'transparent',
  },
  unread: {
    backgroundColor: tokens.colorBrandBackground2,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  dot: { width: '8px', height: '8px', marginTop: '6px', borderRadius: tokens.borderRadiusCircular },
  dotUnread: { backgroundColor: tokens.colorBrandForeground1 },
  message: { overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  messageUnread: { fontWeight: tokens.fontWeightSemibold },
  time: { gridColumn: 2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground3 },
  note: { margin: 0, padding: `${tokens.spacingVerticalM} 0`, color: tokens.colorNeutralForeground2 },
  error: { margin: 0, padding: `${tokens.spacingVerticalM} 0`, color: tokens.colorStatusDangerForeground1 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
})

function Entry({ notification, onRead }: { notification: Notification; onRead: (id: number) => void }) {
  const styles = useStyles()
  const unread = !notification.is_read
  const content = (
    <>
      <span className={mergeClasses(styles.dot, unread && styles.dotUnread)} aria-hidden="true" />
      <span className={mergeClasses(styles.message, unread && styles.messageUnread)}>
        {unread && <span className={styles.hidden}>{TEXT.unread}: </span>}
        {notification.message}
      </span>
      <span className={styles.time}>{formatNotificationTime(notification.created_at)}</span>
    </>
  )
  return (
    <li data-unread={unread}>
      {unread ? (
        <button type="button" className={mergeClasses(styles.item, styles.unread)} onClick={() => onRead(notification.id)}>
          {content}
        </button>
      ) : (
        <div className={styles.item}>{content}</div>
      )}
    </li>
  )
}

export function NotificationList({ titleId }: { titleId: string }) {
  const styles = useStyles()
  const notifications = useNotifications()
  const markRead = useMarkNotificationsRead()
  const listRef = useRef<HTMLUListElement>(null)
  const list = notifications.data
  const unreadIds = list?.filter((notification) => !notification.is_read).map((notification) => notification.id) ?? []

  let body
  if (list) {
    body =
      list.length === 0 ? (
        <p className={styles.note}>{TEXT.empty}</p>
      ) : (
        // Focus moves to the list when a clicked entry stops being a button, so it is not lost.
        <ul ref={listRef} tabIndex={-1} className={styles.list} aria-labelledby={titleId}>
          {list.map((notification) => (
            <Entry
              key={notification.id}
              notification={notification}
              onRead={(id) => {
                listRef.current?.focus()
                markRead.mutate([id])
              }}
            />
          ))}
        </ul>
      )
  } else if (notifications.isError) {
    body = (
      <p role="alert" className={styles.error}>
        {TEXT.loadFailed}
      </p>
    )
  } else {
    body = <Spinner size="tiny" label={TEXT.loading} />
  }

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {TEXT.title}
        </h2>
        <Button appearance="transparent" size="small" disabled={unreadIds.length === 0} onClick={() => markRead.mutate(unreadIds)}>
          {TEXT.markAllRead}
        </Button>
      </div>
      {body}
    </div>
  )
}
