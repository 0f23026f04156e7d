// The lookup lists (report types, job types, turnaround slots, recharge plans, allowed file types):
// seeded reference data that several features read. One query per list, under one key family, so a
// list is fetched once however many screens show it. The paths come from contract/lookups.ts, which
// the server's routes and the service worker's cache also follow.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { LOOKUPS, type LookupAnswer, type LookupPath } from '@contract/lookups.ts'
import { apiRequest } from './api-client'

export const lookupKeys = {
  all: ['lookups'] as const,
  list: (path: LookupPath) => ['lookups', path] as const,
}

/** portal-spec.md §8: the message a failed fetch carries when the server sends none. */
export const LOOKUP_FAILURE: Record<LookupPath, string> = {
  'report-types': 'Failed to get report types',
  'job-types': 'Failed to get job types',
  'sla-slots': 'Failed to get TAT details',
  'recharge-plans': 'Failed to get recharge plans',
  'allowed-file-types': 'Failed to get allowed file types',
}

// Lists change with a release, not while a clerk works; an hour-old list is fresh enough.
const LOOKUP_STALE_MS = 60 * 60_000

/** GET /lookup/{path}, checked against the list's schema. A failure carries the server's message, else the list's own. */
export function getLookup<P extends LookupPath>(path: P, signal?: AbortSignal): Promise<LookupAnswer<P>> {
  return apiRequest(`/lookup/${path}`, { signal, schema: LOOKUPS[path], failureMessage: LOOKUP_FAILURE[path] }) as Promise<LookupAnswer<P>>
}

export const lookupQueryOptions = <P extends LookupPath>(path: P) =>
  queryOptions({
    queryKey: lookupKeys.list(path),
    queryFn: ({ signal }) => getLookup(path, signal),
    staleTime: LOOKUP_STALE_MS,
    // Asked even while the browser is offline: the service worker answers lookups from its cache
    // (sw/cache-rules.ts), so the Create Job wizard opens offline with its lists and allowed file
    // types. React Query's default ('online') would hold the request back and never reach the cache.
    networkMode: 'offlineFirst',
  })

export function useLookup<P extends LookupPath>(path: P) {
  return useQuery(lookupQueryOptions(path))
}
