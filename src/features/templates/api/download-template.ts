// The template file itself (portal-spec.md §7: GET /files/11/{path}, a blob), saved in the browser by
// the portal's transport (src/lib/api-client.ts).
import { useMutation } from '@tanstack/react-query'
import { downloadFile, FILE_KIND } from '@/lib/api-client'

export { fileBaseName } from '@/lib/api-client'

/** The client-side wording of a failed download (portal-spec.md §8, Downloads). */
const DOWNLOAD_FAILED = 'Failed to download the template file'

/** Fetches the template's file with the Bearer header and saves it under its base file name. */
export function downloadTemplate(templateFile: string): Promise<void> {
  return downloadFile({ kind: FILE_KIND.template, path: templateFile, failureMessage: DOWNLOAD_FAILED })
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate })
}
