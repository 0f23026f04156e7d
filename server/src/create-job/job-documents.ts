// A job's documents (portal-spec.md §2 step 3, §8): an AI job takes none; every other job needs a
// template, either the clerk's default one or one file sent with the job, and may bring supporting
// documents. The default template is copied into the job's own files, streamed and not yet at its key,
// so that the clerk may delete or replace their default later without breaking the job.
import { randomUUID } from 'node:crypto'
import type { AllowedFileTypes } from '@contract/lookups.ts'
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { jobFolder } from '../jobs/job-operations.ts'
import { templatesRepository } from '../repositories/templates-repository.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { receiveUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import { CREATE_JOB_MESSAGES as M } from './create-job-messages.ts'

/** The job type of AI-only transcription: the wizard's "AI Only" choice, which skips the documents step. */
export const AI_ONLY_JOB_TYPE = 'AI'

export interface JobDocuments {
  template?: ReceivedUpload
  support: ReceivedUpload[]
}

export interface DocumentChoice {
  userId: string
  jobTypeName: string
  /** Non-blank: the clerk chose their default template. */
  templateName: string
  /** The files the form brought (not yet at their keys). */
  templateFiles: ReceivedUpload[]
  supportFiles: ReceivedUpload[]
}

/**
 * The documents the job keeps, or a refusal (400). The caller takes back every upload on a refusal,
 * the copied default template included once this returns it.
 */
export async function jobDocuments(db: Db, storage: FileStorage, allowed: AllowedFileTypes, choice: DocumentChoice): Promise<JobDocuments> {
  const { userId, templateFiles, supportFiles } = choice
  if (choice.jobTypeName === AI_ONLY_JOB_TYPE) {
    // The wizard disables these for AI; files sent anyway are refused rather than silently dropped.
    if (templateFiles.length > 0 || supportFiles.length > 0) throw new HttpError(400, M.aiTakesNoDocuments)
    return { support: [] }
  }
  const [custom] = templateFiles
  if (custom) return { template: custom, support: supportFiles }
  if (!choice.templateName) throw new HttpError(400, M.templateFileRequired, 'file_required')
  return { template: await copyDefaultTemplate(db, storage, allowed, userId), support: supportFiles }
}

/** Streams the clerk's default template into a job file of its own (never whole in memory), uncommitted. */
async function copyDefaultTemplate(db: Db, storage: FileStorage, allowed: AllowedFileTypes, userId: string): Promise<ReceivedUpload> {
  const noDefault = new HttpError(400, M.noDefaultTemplate)
  const template = await templatesRepository.forClerk(db, userId)
  if (!template) throw noDefault
  const stored = await storage.open(template.fileKey)
  // Deleted in the moment between the read and the open: there is no default any more.
  if (!stored) throw noDefault
  const fileName = template.fileKey.split('/').pop()!
  // Received like an upload: checked again, and committed with the job's rows or taken back.
  return receiveUpload(
    storage,
    { filename: fileName, file: stored.stream },
    {
      folder: jobFolder(userId, randomUUID(), 'template'),
      allowed: allowed.template,
      maxBytes: TEMPLATE_MAX_BYTES,
      fallbackName: 'template',
      texts: { wrongType: M.templateWrongType(allowed.template), wrongContent: M.wrongContent(fileName), tooLarge: M.templateTooLarge(fileName) },
    },
  )
}
