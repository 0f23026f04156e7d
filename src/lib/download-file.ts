// Files the clerk downloads (portal-spec.md §7: GET /files/{kind}/{path}, a blob): audio 10, template 11,
// supporting document 12, transcript 13, recharge report 15. Not through apiRequest, which reads
// answers as JSON or text: this reads the body as a blob and hands it to the browser's downloads.
import { ApiError, apiUrl, refreshAccessToken, type ErrorDetail } from './api-client'
import { clearSession, readSession } from './session'

/** The numbered file kinds of the /files/{kind}/{path} downloads. */
export const FILE_KIND = { audio: 10, template: 11, support: 12, transcript: 13, rechargeReport: 15 } as const
export type FileKind = (typeof FILE_KIND)[keyof typeof FILE_KIND]

/** The last segment of a stored path is the file's name. */
export function fileBaseName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path
}

/** The download address: every segment of the stored path encoded on its own. */
export function fileUrl(kind: FileKind, path: string): string {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent)
  return apiUrl(`/files/${kind}/${segments.join('/')}`)
}

async function bearerToken(): Promise<string | undefined> {
  const session = readSession()
  if (!session) return undefined
  // Same rule as the API client: an expired token is refreshed first, the old one sent if that fails.
  if (session.expiresAt !== null && session.expiresAt <= Date.now() && (await refreshAccessToken())) return readSession()?.token
  return session.token
}

/** Hands the file to the browser's downloads under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export interface DownloadFileOptions {
  kind: FileKind
  /** The stored path, as the record names it. */
  path: string
  /** The message of the ApiError thrown on failure (portal-spec.md §8's client-side wording). */
  failureMessage: string
  /** The name to save under; the path's base name by default. */
  fileName?: string
}

/**
 * Fetches the file with the Bearer header and saves it. Throws an ApiError carrying `failureMessage`:
 * the HTTP status and the server's `detail`, or 500 with `network` when no answer came. A 403 also
 * ends the session, as every 403 does (portal-spec.md §4); the caller sends the clerk to /login.
 */
export async function downloadFile({ kind, path, failureMessage, fileName = fileBaseName(path) }: DownloadFileOptions): Promise<void> {
  const token = await bearerToken()
  let response: Response
  try {
    response = await fetch(fileUrl(kind, path), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // The refresh cookie lives on the API's origin, which a deployment may put elsewhere.
      credentials: 'include',
    })
  } catch {
    throw new ApiError(500, undefined, true, failureMessage)
  }
  if (!response.ok) {
    if (response.status === 403) clearSession()
    throw new ApiError(response.status, await errorDetail(response), false, failureMessage)
  }
  let blob: Blob
  try {
    blob = await response.blob()
  } catch {
    // The connection dropped while the body was arriving.
    throw new ApiError(500, undefined, true, failureMessage)
  }
  saveFile(blob, fileName)
}

async function errorDetail(response: Response): Promise<ErrorDetail> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return undefined
  try {
    const detail = ((await response.json()) as { detail?: unknown } | null)?.detail
    if (typeof detail === 'string') return detail
    if (detail && typeof detail === 'object' && typeof (detail as { error?: unknown }).error === 'string') return detail as { error: string }
  } catch {
    // Not JSON after all: no words from the server.
  }
  return undefined
}
