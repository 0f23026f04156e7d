// What happens to files the clerk drops or picks (portal-spec.md §5 "Upload extension filters"): files
// of a type not allowed are refused, named, with the spec's message, a file already in the list is not added
// twice, and the count and size limits the server enforces are said before anything is sent.
import { newIdempotencyKey } from '@/lib/api-client'
import { splitByExtension } from '@/lib/file-extensions'
import { draftFile, type DraftFile } from '../draft/wizard-draft'

export interface IntakeRules {
  allowed: readonly string[]
  maxFiles: number
  maxBytes: number
  /** The spec's message for a refused type. */
  typeRefused: (allowed: readonly string[]) => string
  tooMany: (max: number) => string
  tooLarge: (name: string) => string
}

export interface Intake {
  added: DraftFile[]
  /** What to tell the clerk; empty when every file was taken. */
  problems: string[]
}

const sameFile = (a: { name: string; size: number }, b: { name: string; size: number }) => a.name === b.name && a.size === b.size

export function takeFiles(files: readonly File[], existing: readonly DraftFile[], rules: IntakeRules): Intake {
  const problems: string[] = []
  const { accepted, refused } = splitByExtension([...files], rules.allowed)
  // The spec's words, after the names of the files they are about (as the server says it).
  if (refused.length > 0) problems.push(`${refused.map((file) => `“${file.name}”`).join(', ')} cannot be added. ${rules.typeRefused(rules.allowed)}`)
  const added: DraftFile[] = []
  for (const file of accepted) {
    if (file.size > rules.maxBytes) {
      problems.push(rules.tooLarge(file.name))
      continue
    }
    if ([...existing, ...added].some((kept) => sameFile(kept, file))) continue
    if (existing.length + added.length >= rules.maxFiles) {
      problems.push(rules.tooMany(rules.maxFiles))
      break
    }
    // A random id for the file's life in the draft (the transport's key maker: random hex, no secure context needed).
    added.push(draftFile(file, newIdempotencyKey()))
  }
  return { added, problems }
}
