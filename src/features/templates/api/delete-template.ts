import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '@/lib/api-client'
import { templateKeys } from './get-templates'

export interface DeleteTemplateAnswer {
  message?: string
}

/** The answer that means the template is gone (portal-spec.md §7). */
export const DELETED_ANSWER = 'Deleted successfully'

/** DELETE /clerk-template/{id}: `{message: "Deleted successfully"}`, or 404 `{detail: "Not found"}`. */
export function deleteTemplate(id: number): Promise<DeleteTemplateAnswer> {
  return apiRequest<DeleteTemplateAnswer>(`/clerk-template/${encodeURIComponent(id)}`, { method: 'DELETE', failureMessage: 'Failed to delete template' })
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  const refreshList = () => queryClient.invalidateQueries({ queryKey: templateKeys.all })
  return useMutation({
    mutationFn: deleteTemplate,
    // Resolves once the list is fetched again, so the dialog closes onto the updated page.
    onSuccess: refreshList,
    onError: (error) => {
      // A 404: the template was removed elsewhere; show the list as it now is.
      if (error instanceof ApiError && error.status === 404) return refreshList()
    },
  })
}
