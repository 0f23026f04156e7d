import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Type, type Static } from 'typebox'
import { MessageResponse } from '@contract/auth.ts'
import { ApiError, apiRequest } from '@/lib/api-client'
import { templateKeys } from './get-templates'

/**
 * The server's MessageResponse, its message optional: the spec reads success only from that message, so
 * an answer without it is an answer that does not say "deleted" (the dialog's failure), not an unreadable one.
 */
const DeleteTemplateAnswer = Type.Partial(MessageResponse)
export type DeleteTemplateAnswer = Static<typeof DeleteTemplateAnswer>

/** The answer that means the template is gone (portal-spec.md §7). */
export const DELETED_ANSWER = 'Deleted successfully'

/** DELETE /clerk-template/{id}: `{message: "Deleted successfully"}`, or 404 `{detail: "Not found"}`. */
export function deleteTemplate(id: number): Promise<DeleteTemplateAnswer> {
  return apiRequest(`/clerk-template/${encodeURIComponent(id)}`, { method: 'DELETE', failureMessage: 'Failed to delete template', schema: DeleteTemplateAnswer })
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
