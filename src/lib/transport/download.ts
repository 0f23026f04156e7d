// Files the clerk downloads (portal-spec.md §7: GET /files/{kind}/{path}, a blob): audio 10, template 11,
// supporting document 12, transcript 13, recharge report 15. Fetched through the transport (its token,
// refresh and 403 path) and handed to the browser's downloads.
import { apiBlob, apiUrl } from './request'

/** The numbered file kinds of the /files/{kind}/{path} downloads. */
export const FILE_KIND = { audio: 10, template: 11, support: 12, transcript: 13, rechargeReport: 15 } as const
export type FileKind = (typeof FILE_KIND)[keyof typeof FILE_KIND]

/** The last segment of a stored path is the file's name. */
export function fileBaseName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path
}

/** The file's path under the API: every segment of the stored path encoded on its own. */
function filePath(kind: FileKind, path: string): string {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent)
  return `/files/${kind}/${segments.join('/')}`
}

/** The download address, for a link or a test. */
export function fileUrl(kind: FileKind, path: string): string {
  return apiUrl(filePath(kind, path))
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
  /** The thrown error's message when the server sends no words (portal-spec.md §8's client-side wording). */
  failureMessage: string
  /** The name to save under; the path's base name by default. */
  fileName?: string
  signal?: AbortSignal
}

/** Fetches the file and saves it; throws the transport's ApiError (a 403 has then ended the session). */
export async function downloadFile({ kind, path, failureMessage, fileName = fileBaseName(path), signal }: DownloadFileOptions): Promise<void> {
  const blob = await apiBlob(filePath(kind, path), { failureMessage, signal })
  saveFile(blob, fileName)
}
