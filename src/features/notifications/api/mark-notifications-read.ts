import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MarkReadResponse, Notification } from '@contract/notifications.ts'
import { apiRequest } from '@/lib/api-client'
import { notificationKeys } from './get-notifications'

/**
 * PUT /notification/mark-read. A failure is not an error the clerk needs to see (portal-spec.md §8:
 * "returns success false silently"); the reload that follows shows what the server really has.
 */
export async function markNotificationsRead(ids: number[]): Promise<MarkReadResponse> {
  try {
    return await apiRequest<MarkReadResponse>('/notification/mark-read', { method: 'PUT', json: { notification_ids: ids } })
  } catch {
    return { success: false, updated: 0 }
  }
}

/** Marks notifications read in the list at once (portal-spec.md §4), then reloads the list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      // A poll in flight must not overwrite the change with the old list.
      await queryClient.cancelQueries({ queryKey: notificationKeys.all })
      const marked = new Set(ids)
      queryClient.setQueryData<Notification[]>(notificationKeys.all, (list) =>
        list?.map((notification) => (marked.has(notification.id) ? { ...notification, is_read: true } : notification)),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}
