// Reading create-job's form (portal-spec.md §3, "Job creation form data"): the template and supporting
// documents are received as they stream (uploads module: allowed types, size limits, signatures), not
// yet at their keys; the text fields are checked here in the order the wizard asks for them. Nothing
// the portal checked is trusted: every field is checked again.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'
import { IsUuid } from 'typebox/format'
import { CREATE_JOB_FIELDS as F, PROPERTY_ADDRESS_MAX_LENGTH, REMARKS_MAX_LENGTH, SUPPORT_MAX_BYTES, SUPPORT_MAX_FILES } from '@contract/create-job.ts'
import { MAX_ROW_ID } from '@contract/input-rules.ts'
import type { AllowedFileTypes } from '@contract/lookups.ts'
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'
import { HttpError } from '../http-error.ts'
import { jobFolder } from '../jobs/job-operations.ts'
import { NOT_FOUND_DETAIL } from '../plugins/error-handler.ts'
import { safeFileName, type FileStorage } from '../storage/file-storage.ts'
import { readFilesForm, type FilesForm } from '../uploads/multipart-form.ts'
import { receiveUpload } from '../uploads/receive-upload.ts'
import { CREATE_JOB_MESSAGES as M } from './create-job-messages.ts'

/** The text fields of a job, checked for shape; whether the ids exist and go together is create-job's. */
export interface JobFields {
  propertyAddress: string
  reportTypeId: number
  jobTypeId: number
  slaSlotId: number
  remarks: string
  folderToken: string
  /** Non-blank: the clerk chose their default template (used when no template file is sent). */
  templateName: string
}

/**
 * Reads the whole form, receiving the template (at most one) and the supporting documents into a
 * folder of the clerk's that no other request uses. A refused file takes back every file received.
 */
export async function readJobForm(request: FastifyRequest, storage: FileStorage, userId: string, allowed: AllowedFileTypes): Promise<FilesForm<never>> {
  // The job's id is not known yet: the files of this one request go under a random id of their own.
  const submitId = randomUUID()
  const receive = (part: MultipartFile, kind: 'template' | 'support') => {
    const fileName = safeFileName(part.filename, kind)
    const [types, maxBytes, wrongType, tooLarge] =
      kind === 'template'
        ? [allowed.template, TEMPLATE_MAX_BYTES, M.templateWrongType(allowed.template), M.templateTooLarge(fileName)]
        : [allowed.support, SUPPORT_MAX_BYTES, M.supportWrongType(allowed.support), M.supportTooLarge(fileName)]
    return receiveUpload(storage, part, {
      folder: jobFolder(userId, submitId, kind),
      allowed: types,
      maxBytes,
      fallbackName: kind,
      texts: { wrongType, wrongContent: M.wrongContent(fileName), tooLarge },
    })
  }
  return readFilesForm<never>(request, {
    fileFields: {
      [F.templateFiles]: { maxFiles: 1, tooMany: M.oneTemplateOnly, receive: (part) => receive(part, 'template') },
      [F.supportFiles]: { maxFiles: SUPPORT_MAX_FILES, tooMany: M.tooManySupport, receive: (part) => receive(part, 'support') },
    },
    maxFileBytes: Math.max(TEMPLATE_MAX_BYTES, SUPPORT_MAX_BYTES),
    maxFields: 20,
    requiredText: M.notAForm,
  })
}

/** Checks the text fields' shapes, in the wizard's order; a refusal is a 400 with its words (an unknown token is 404). */
export function checkJobFields(fields: Map<string, string>): JobFields {
  const propertyAddress = (fields.get(F.propertyAddress) ?? '').trim()
  if (!propertyAddress) throw new HttpError(400, M.addressRequired)
  if (propertyAddress.length > PROPERTY_ADDRESS_MAX_LENGTH) throw new HttpError(400, M.addressTooLong)
  if (propertyAddress.includes('\0')) throw new HttpError(400, M.addressWithNul)
  const reportTypeId = rowId(fields.get(F.reportTypeId), M.reportTypeInvalid)
  const jobTypeId = rowId(fields.get(F.jobTypeId), M.jobTypeInvalid)
  const slaSlotId = rowId(fields.get(F.slaSlotId), M.slotInvalid)
  const remarks = (fields.get(F.remarks) ?? '').trim()
  if (remarks.length > REMARKS_MAX_LENGTH) throw new HttpError(400, M.remarksTooLong)
  if (remarks.includes('\0')) throw new HttpError(400, M.remarksWithNul)
  const folderToken = (fields.get(F.folderToken) ?? '').trim()
  if (!folderToken) throw new HttpError(400, M.folderTokenMissing)
  // Anything but a UUID names no folder: answered like an unknown or another clerk's token.
  if (!IsUuid(folderToken)) throw new HttpError(404, NOT_FOUND_DETAIL)
  return { propertyAddress, reportTypeId, jobTypeId, slaSlotId, remarks, folderToken, templateName: (fields.get(F.templateName) ?? '').trim() }
}

/**
 * The submit's own id, from the Idempotency-Key header the portal's transport sends (the same on every
 * retry of one submit); undefined without one (then the folder token, used once, stops a second job).
 */
export function clientRequestIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key']
  if (header === undefined) return undefined
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header)) throw new HttpError(400, M.idempotencyKeyInvalid)
  return header
}

/** A whole id as the form's text sends it ("3"); anything else (blank, "3.5", "1e3", too large) is refused. */
function rowId(value: string | undefined, refusal: string): number {
  const text = (value ?? '').trim()
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN
  if (!(id <= MAX_ROW_ID)) throw new HttpError(400, refusal)
  return id
}
