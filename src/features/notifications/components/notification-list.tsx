// The list inside the bell's popover (portal-spec.md §3 Notification, §4): each message with its time,
// unread ones marked; clicking an unread one marks it read; Mark all as read marks every one. A job's
// notification is a link that opens the job's details on My Jobs (and marks it read).
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components'
import type { Notification } from '@contract/notifications.ts'
import { visuallyHidden } from '@/components/visually-hidden'
import { jobDetailsPath } from '@/lib/job-details-path'
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
  link: {
    textDecoration: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
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
  foot: {
    gridColumn: 2,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  time: { color: tokens.colorNeutralForeground3 },
  view: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
  note: { margin: 0, padding: `${tokens.spacingVerticalM} 0`, color: tokens.colorNeutralForeground2 },
  error: { margin: 0, padding: `${tokens.spacingVerticalM} 0`, color: tokens.colorStatusDangerForeground1 },
  hidden: visuallyHidden,
})

interface EntryProps {
  notification: Notification
  onRead: (id: number) => void
  /** A job's notification was followed: mark it read if need be and close the list. */
  onOpenJob: (notification: Notification) => void
}

function Entry({ notification, onRead, onOpenJob }: EntryProps) {
  const styles = useStyles()
  const unread = !notification.is_read
  const jobId = notification.job_id
  const content = (
    <>
      <span className={mergeClasses(styles.dot, unread && styles.dotUnread)} aria-hidden="true" />
      <span className={mergeClasses(styles.message, unread && styles.messageUnread)}>
        {unread && <span className={styles.hidden}>{TEXT.unread}: </span>}
        {notification.message}
      </span>
      <span className={styles.foot}>
        <span className={styles.time}>{formatNotificationTime(notification.created_at)}</span>
        {jobId !== null && <span className={styles.view}>{TEXT.viewJob(jobId)}</span>}
      </span>
    </>
  )
  return (
    <li data-unread={unread}>
      {jobId !== null ? (
        // A real link: Enter follows it, and it can be opened in a new tab.
        <Link to={jobDetailsPath(jobId)} className={mergeClasses(styles.item, styles.link, unread && styles.unread)} onClick={() => onOpenJob(notification)}>
          {content}
        </Link>
      ) : unread ? (
        <button type="button" className={mergeClasses(styles.item, styles.unread)} onClick={() => onRead(notification.id)}>
          {content}
        </button>
      ) : (
        <div className={styles.item}>{content}</div>
      )}
    </li>
  )
}

export interface NotificationListProps {
  titleId: string
  /** Closes the popover: a job's notification was followed to its details. */
  onNavigate: () => void
}

export function NotificationList({ titleId, onNavigate }: NotificationListProps) {
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
                markRead.mutate({ ids: [id] })
              }}
              onOpenJob={(followed) => {
                if (!followed.is_read) markRead.mutate({ ids: [followed.id] })
                onNavigate()
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
        {/* Focusable when there is nothing to mark: a pressed Mark all as read keeps the focus, where a
            disabled one would drop it to <body>, out of the panel, and Escape would no longer close it. */}
        <Button appearance="transparent" size="small" disabledFocusable={unreadIds.length === 0} onClick={() => markRead.mutate({ ids: unreadIds, all: true })}>
          {TEXT.markAllRead}
        </Button>
      </div>
      {body}
    </div>
  )
}
