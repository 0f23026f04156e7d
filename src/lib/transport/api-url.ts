// The address of an API path: the API base, the path and its query. Its own module so that the
// refresh (session-token.ts), which request.ts imports, can build its address the same way.
import { env } from '@/config/env'

export type ApiQuery = Record<string, string | number | undefined>

export function apiUrl(path: string, query?: ApiQuery): string {
  const url = `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return search ? `${url}?${search}` : url
}
