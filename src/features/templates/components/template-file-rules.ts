// What the upload form checks about a chosen file before sending it (portal-spec.md §5, "Upload
// extension filters" and "Template upload"). The server checks the same again.
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'

/** The file's extension in lower case, without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : ''
}

/** The file picker's accept attribute, e.g. ".doc,.docx,.pdf". */
export function acceptAttribute(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(',')
}

export type FileProblem = 'type' | 'size'

export function fileProblem(file: File, extensions: readonly string[]): FileProblem | null {
  if (!extensions.includes(extensionOf(file.name))) return 'type'
  if (file.size > TEMPLATE_MAX_BYTES) return 'size'
  return null
}
