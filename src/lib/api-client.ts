// The one HTTP client of the portal: the API base, the Bearer header, JSON in and out, and errors
// that carry the server's `detail` and status. Any 403 ends the session (portal-spec.md §4).
import { env } from '@/config/env'
import { announceRefreshedToken, withRefreshLock } from './refresh-lock'
import { clearSession, readSession, saveSession } from './session'

export type ErrorDetail = string | { error: string } | undefined

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 500 when the server could not be reached (portal-spec.md §8). */
    readonly status: number,
    readonly detail: ErrorDetail,
    /** True when no answer came back at all (offline, DNS, refused). */
    readonly network: boolean,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** The server's words for this failure, when it sent any. */
  get serverMessage(): string | undefined {
    if (typeof this.detail === 'string') return this.detail
    return this.detail?.error
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Sent as JSON. */
  json?: unknown
  /** Sent as multipart form data. */
  form?: FormData
  query?: Record<string, string | number | undefined>
  /** Auth calls send no Bearer header. */
  auth?: boolean
  signal?: AbortSignal
  /** Ms; no timeout unless given (portal-spec.md §9: only cost calculation has one). */
  timeoutMs?: number
}

// A token this close to expiry is refreshed before it is sent.
const EXPIRY_MARGIN_MS = 10_000

let refreshing: Promise<boolean> | null = null

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers in this tab share one
 * exchange, and the tabs of this browser take turns (refresh-lock.ts): rotation makes a second
 * exchange of the same cookie look like theft. Resolves false on failure.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const held = readSession()?.token
    try {
      return await withRefreshLock(async () => {
        const current = readSession()?.token
        // Signed out while waiting its turn: nothing to refresh.
        if (held && !current) return false
        // Another tab refreshed while this one waited its turn, and handed the new token over.
        if (current && current !== held) return true
        const response = await fetch(apiUrl('/auth/refresh-token'), { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } })
        if (!response.ok) return false
        const { access } = (await response.json()) as { access?: string }
        if (!access) return false
        saveSession(access, readSession()?.role ?? 'CLERK')
        announceRefreshedToken(access)
        return true
      })
    } catch {
      return false
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

/** The token to send: refreshed first when it has expired; the old one when the refresh fails (spec §4). */
async function currentToken(): Promise<string | undefined> {
  const session = readSession()
  if (!session) return undefined
  if (session.expiresAt !== null && session.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
    if (await refreshAccessToken()) return readSession()?.token
  }
  return session.token
}

type ForbiddenListener = () => void
let onForbidden: ForbiddenListener = () => undefined

/** The app decides where a 403 sends the person (the router is not reachable from here). */
export function setForbiddenHandler(listener: ForbiddenListener): void {
  onForbidden = listener
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', json, form, query, auth = true, signal, timeoutMs } = options
  const headers = new Headers({ accept: 'application/json' })
  if (json !== undefined) headers.set('content-type', 'application/json')
  const token = auth ? await currentToken() : undefined
  if (token) headers.set('authorization', `Bearer ${token}`)

  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s)
  let response: Response
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
      // The refresh cookie lives on the API's origin, which a deployment may put elsewhere.
      credentials: 'include',
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError(500, undefined, true, 'Network error')
  }

  const body = await readBody(response)
  if (!response.ok) {
    // A 403 on a call made with the session means the session is over. Sign-in calls carry none.
    if (response.status === 403 && auth) {
      clearSession()
      onForbidden()
    }
    const detail = (body as { detail?: ErrorDetail } | undefined)?.detail
    const error = new ApiError(response.status, detail, false, `Request failed with status ${response.status}`)
    throw error
  }
  return body as T
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('application/json')) return response.json().catch(() => undefined)
  return response.text().catch(() => undefined)
}
