import { queryOptions, useQuery } from '@tanstack/react-query'
import { AllowedFileTypes } from '@contract/lookups.ts'
import { apiRequest } from '@/lib/api-client'

/** GET /lookup/allowed-file-types: public seeded data, also cached by the service worker. */
export function getAllowedFileTypes(): Promise<AllowedFileTypes> {
  return apiRequest('/lookup/allowed-file-types', { schema: AllowedFileTypes, failureMessage: 'Failed to get allowed file types' })
}

export const getAllowedFileTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['lookups', 'allowed-file-types'] as const,
    queryFn: getAllowedFileTypes,
    // Reference data that changes with a release, not while a clerk works.
    staleTime: 60 * 60 * 1000,
  })

export function useAllowedFileTypes() {
  return useQuery(getAllowedFileTypesQueryOptions())
}
