import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MessageResponse } from '@contract/auth.ts'
import { ApiError, apiRequest } from '@/lib/api-client'
import { templateKeys } from './get-templates'

export interface CreateTemplateInput {
  templateName: string
  file: File
}

/**
 * POST /clerk-template/create/ as multipart (template_name, template_file). A second template answers
 * 409, a refused file 400 and an oversized one 413, each with the server's words in `detail`. An
 * answer without its message fails as 'invalid-answer'.
 */
export function createTemplate({ templateName, file }: CreateTemplateInput): Promise<MessageResponse> {
  const form = new FormData()
  form.append('template_name', templateName)
  form.append('template_file', file, file.name)
  return apiRequest('/clerk-template/create/', { method: 'POST', form, failureMessage: 'Failed to create template', schema: MessageResponse })
}

export function useCreateTemplate() {
  const queryClient = useQueryClient()
  const refreshList = () => queryClient.invalidateQueries({ queryKey: templateKeys.all })
  return useMutation({
    mutationFn: createTemplate,
    // Resolves once the list is fetched again, so the form locks as the success shows.
    onSuccess: refreshList,
    onError: (error) => {
      // A 409 means a template exists that this page has not seen yet (another tab, another device).
      if (error instanceof ApiError && error.status === 409) return refreshList()
    },
  })
}
