import { ApiError } from '@/lib/api-client'

/**
 * portal-spec.md §8 "Other fetches": a failed call throws an error carrying the server's message, else
 * the call's default, and the HTTP status (500 when no answer came). Screens still choose their own
 * words from `serverMessage`; this keeps the thrown error itself meaningful wherever it is logged.
 */
export async function withFailureMessage<T>(request: Promise<T>, fallback: string): Promise<T> {
  try {
    return await request
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, error.detail, error.network, error.serverMessage || fallback)
    throw error
  }
}
