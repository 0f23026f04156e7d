import { queryOptions, useQuery } from '@tanstack/react-query'
import { NotificationList, type Notification } from '@contract/notifications.ts'
import { apiRequest } from '@/lib/api-client'
import { useWaitingForList } from '@/lib/list-first'

/** portal-spec.md §7, §9: notifications are polled every 60 s. */
export const NOTIFICATION_POLL_MS = 60_000

export const notificationKeys = { all: ['notifications'] as const }

/** GET /notification: the clerk's notifications, newest first. */
export function getNotifications(): Promise<Notification[]> {
  return apiRequest('/notification', { schema: NotificationList })
}

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.all, queryFn: getNotifications, refetchInterval: NOTIFICATION_POLL_MS })

export function useNotifications() {
  // On a load of My Jobs, asked for once the list is on screen (src/lib/list-first.ts).
  return useQuery({ ...getNotificationsQueryOptions(), enabled: !useWaitingForList() })
}
