// Every text of the notification bell. Texts quoted in portal-spec.md (§8) are copied word for word;
// the others are this portal's own (docs/decisions/shell-and-account-dialogs-portal.md).

export const NOTIFICATION_TEXT = {
  bellName: (unread: number) => `Notifications, ${unread} unread`,
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  loading: 'Loading notifications...',
  empty: 'You have no notifications.',
  loadFailed: 'Failed to get notifications',
  unknownTime: 'Unknown time',
  /** Under a job's notification, which opens that job's details. */
  viewJob: (jobId: number) => `View job #${jobId}`,
} as const
