import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Template } from '@contract/templates.ts'
import { apiRequest } from '@/lib/api-client'
import { withFailureMessage } from './api-failure'

export const templateKeys = { all: ['templates'] as const }

/** GET /clerk-template: the clerk's one template, or an empty list. */
export function getTemplates(): Promise<Template[]> {
  return withFailureMessage(apiRequest<Template[]>('/clerk-template'), 'Failed to get templates')
}

export const getTemplatesQueryOptions = () => queryOptions({ queryKey: templateKeys.all, queryFn: getTemplates })

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions())
}
