import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MarkReadResponse, type MarkReadBody, type Notification } from '@contract/notifications.ts'
import { apiRequest } from '@/lib/api-client'
import { notificationKeys } from './get-notifications'

/** The notifications to mark: those ids, or (`all`) every unread one the server has. */
export interface MarkReadRequest {
  ids: number[]
  /**
   * Mark all as read: the server also marks notifications newer than the list this tab holds (one
   * may have arrived since the last 60 s poll), so after the reload every one reads as read.
   */
  all?: boolean
}

/**
 * PUT /notification/mark-read. A failure is not an error the clerk needs to see (portal-spec.md §8:
 * "returns success false silently"); the reload that follows shows what the server really has.
 */
export async function markNotificationsRead({ ids, all }: MarkReadRequest): Promise<MarkReadResponse> {
  const body: MarkReadBody = all ? { notification_ids: ids, all: true } : { notification_ids: ids }
  try {
    return await apiRequest('/notification/mark-read', { method: 'PUT', json: body, schema: MarkReadResponse })
  } catch {
    return { success: false, updated: 0 }
  }
}

/** Marks notifications read in the list at once (portal-spec.md §4), then reloads the list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async ({ ids, all }) => {
      // A poll in flight must not overwrite the change with the old list.
      await queryClient.cancelQueries({ queryKey: notificationKeys.all })
      const marked = new Set(ids)
      queryClient.setQueryData<Notification[]>(notificationKeys.all, (list) =>
        list?.map((notification) => (all || marked.has(notification.id) ? { ...notification, is_read: true } : notification)),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}
