import { ApiError } from '@/lib/api-client'

/**
 * What a screen shows when a call fails (portal-spec.md §8): the screen's network text when no answer
 * came, the server's own words when it sent any, otherwise the screen's default.
 */
export function failureText(error: unknown, texts: { network: string; fallback: string }): string {
  if (!(error instanceof ApiError)) return texts.fallback
  if (error.network) return texts.network
  return error.serverMessage || texts.fallback
}
