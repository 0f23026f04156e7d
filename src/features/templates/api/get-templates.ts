import { queryOptions, useQuery } from '@tanstack/react-query'
import { TemplateList, type Template } from '@contract/templates.ts'
import { apiRequest } from '@/lib/api-client'

export const templateKeys = { all: ['templates'] as const }

/** GET /clerk-template: the clerk's one template, or an empty list. */
export function getTemplates(): Promise<Template[]> {
  return apiRequest('/clerk-template', { schema: TemplateList, failureMessage: 'Failed to get templates' })
}

export const getTemplatesQueryOptions = () => queryOptions({ queryKey: templateKeys.all, queryFn: getTemplates })

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions())
}
