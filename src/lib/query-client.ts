import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** A client error or an answer the portal cannot read will not mend itself; no answer or a server error may. */
function mayMend(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  if (error.kind === 'invalid-answer' || error.kind === 'aborted') return false
  return !(error.status >= 400 && error.status < 500)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && mayMend(error),
        refetchOnWindowFocus: false,
      },
    },
  })
}
