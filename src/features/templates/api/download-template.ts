// The template file itself (portal-spec.md §7: GET /files/11/{path}, a blob). Not through apiRequest,
// which reads answers as JSON or text: this reads the body as a blob and saves it in the browser.
import { useMutation } from '@tanstack/react-query'
import { ApiError, apiUrl, refreshAccessToken } from '@/lib/api-client'
import { clearSession, readSession } from '@/lib/session'

/** The client-side wording of a failed download (portal-spec.md §8, Downloads). */
const DOWNLOAD_FAILED = 'Failed to download the template file'

/** The last segment of a stored path is the file's name. */
export function fileBaseName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path
}

/** The download address: every segment of the stored path encoded on its own. */
export function templateFileUrl(templateFile: string): string {
  const segments = templateFile.split('/').filter(Boolean).map(encodeURIComponent)
  return apiUrl(`/files/11/${segments.join('/')}`)
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

/** Fetches the template's file with the Bearer header and saves it under its base file name. */
export async function downloadTemplate(templateFile: string): Promise<void> {
  const token = await bearerToken()
  let response: Response
  try {
    response = await fetch(templateFileUrl(templateFile), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    })
  } catch {
    throw new ApiError(500, undefined, true, DOWNLOAD_FAILED)
  }
  if (!response.ok) {
    // As everywhere in the portal, a 403 means the session is over (portal-spec.md §4).
    if (response.status === 403) clearSession()
    throw new ApiError(response.status, undefined, false, DOWNLOAD_FAILED)
  }
  saveFile(await response.blob(), fileBaseName(templateFile))
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate })
}
