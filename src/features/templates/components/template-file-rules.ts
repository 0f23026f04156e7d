// What the upload form checks about a chosen file before sending it (portal-spec.md §5, "Upload
// extension filters" and "Template upload"). The server checks the same again.
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'
import { extensionOf } from '@/lib/file-extensions'

export type FileProblem = 'type' | 'size'

export function fileProblem(file: File, extensions: readonly string[]): FileProblem | null {
  if (!extensions.includes(extensionOf(file.name))) return 'type'
  if (file.size > TEMPLATE_MAX_BYTES) return 'size'
  return null
}
