// Reading a multipart request (@fastify/multipart): its text fields and its one file, the file received
// by the caller's `receive` (receive-upload.ts) as it streams. Other file fields and extra files are
// drained unread. A request that is not multipart, or has no such file, is refused with the caller's
// words (400 file_required).
import type { FastifyRequest } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'
import { HttpError } from '../http-error.ts'
import type { ReceivedUpload } from './receive-upload.ts'

export interface FormLimits {
  /** The file's byte limit (@fastify/multipart truncates beyond it; receiveUpload refuses that). */
  fileSize: number
}

export interface UploadForm<M> {
  /** Each text field's value (the last one sent, when a name comes twice). */
  fields: Map<string, string>
  file?: ReceivedUpload<M>
}

/**
 * Refuses a request that is not multipart (it cannot carry a file) with the caller's words, and one
 * whose connection has already closed. @fastify/multipart learns of a closed connection from the
 * request's 'close' event; one that came before the form is read (every byte had arrived, then the
 * client left or sent bytes Node refused) is never seen, and the read would wait for ever. Node's own
 * error for it ("aborted", ECONNRESET) goes on, which the error handler logs as a client gone away.
 */
export function requireMultipart(request: FastifyRequest, requiredText: string): void {
  if (!request.isMultipart()) throw new HttpError(400, requiredText, 'file_required')
  if (request.raw.destroyed) throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
}

/**
 * Reads the whole form, receiving the file named `fileField`. When anything fails after the file was
 * received, the file is taken back before the error goes on. The form's file may still be missing: the
 * caller checks its other fields first (the spec's order of messages) and then the file.
 */
export async function readUploadForm<M>(
  request: FastifyRequest,
  { fileField, limits, requiredText }: { fileField: string; limits: FormLimits; requiredText: string },
  receive: (part: MultipartFile) => Promise<ReceivedUpload<M>>,
): Promise<UploadForm<M>> {
  requireMultipart(request, requiredText)
  const fields = new Map<string, string>()
  let file: ReceivedUpload<M> | undefined
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileSize, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        fields.set(part.fieldname, String(part.value))
      } else if (part.fieldname !== fileField || file) {
        part.file.resume()
      } else {
        file = await receive(part)
      }
    }
  } catch (error) {
    await file?.undo()
    throw error
  }
  return { fields, file }
}

/**
 * The request's one file, named `field`, handed to `use` to receive; refused with `requiredText` when
 * the request is not multipart or its file is missing or under another name. Whatever `use` does not
 * read (it refused before reading, it failed) is drained, so the answer can be sent.
 */
export async function withSingleFile<T>(
  request: FastifyRequest,
  { field, maxBytes, requiredText }: { field: string; maxBytes: number; requiredText: string },
  use: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  requireMultipart(request, requiredText)
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } })
  if (!part || part.fieldname !== field) {
    part?.file.resume()
    throw new HttpError(400, requiredText, 'file_required')
  }
  try {
    return await use(part)
  } catch (error) {
    part.file.resume()
    throw error
  }
}

/** One file field of a form that takes several files (e.g. create-job's `support_files`). */
export interface FileFieldRule<M> {
  /** Most files the field takes; one more is refused with `tooMany` (400). */
  maxFiles: number
  tooMany: string
  /** Receives one of the field's files (receiveUpload with the field's rules). */
  receive: (part: MultipartFile) => Promise<ReceivedUpload<M>>
}

export interface FilesForm<M> {
  /** Each text field's value (the last one sent, when a name comes twice). */
  fields: Map<string, string>
  /** Every value of each text field, in the order sent (a field that repeats, e.g. `upload_ids`). */
  fieldValues: Map<string, string[]>
  /** The received files of each file field, in the order sent; a field with none is absent. */
  files: Map<string, ReceivedUpload<M>[]>
}

/**
 * Reads a form with any number of files in several fields, each received as it streams by its
 * field's rule; parts of other file fields are drained unread. When anything fails (a refused file,
 * too many files, a client gone), every file received so far is taken back before the error goes on,
 * so a refused form leaves nothing in storage. The caller checks the fields and which files are
 * required (the spec's order of messages), and takes the files back itself if it refuses then.
 */
export async function readFilesForm<M>(
  request: FastifyRequest,
  { fileFields, maxFileBytes, maxFields, requiredText }: { fileFields: Record<string, FileFieldRule<M>>; maxFileBytes: number; maxFields: number; requiredText: string },
): Promise<FilesForm<M>> {
  requireMultipart(request, requiredText)
  const fields = new Map<string, string>()
  const fieldValues = new Map<string, string[]>()
  const files = new Map<string, ReceivedUpload<M>[]>()
  // One file past every field's limit still reaches the loop, so the field's own words refuse it.
  const maxFiles = Object.values(fileFields).reduce((sum, rule) => sum + rule.maxFiles, 1)
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields } })) {
      if (part.type === 'field') {
        fields.set(part.fieldname, String(part.value))
        fieldValues.set(part.fieldname, [...(fieldValues.get(part.fieldname) ?? []), String(part.value)])
        continue
      }
      const rule = Object.hasOwn(fileFields, part.fieldname) ? fileFields[part.fieldname] : undefined
      if (!rule) {
        part.file.resume()
        continue
      }
      const received = files.get(part.fieldname) ?? []
      if (received.length >= rule.maxFiles) {
        part.file.resume()
        throw new HttpError(400, rule.tooMany)
      }
      received.push(await rule.receive(part))
      files.set(part.fieldname, received)
    }
  } catch (error) {
    await undoAll(files)
    throw error
  }
  return { fields, fieldValues, files }
}

/** Takes back every file of a read form (after a refusal of its fields, or any failure). */
export async function undoAll<M>(files: Map<string, ReceivedUpload<M>[]>): Promise<void> {
  await Promise.all([...files.values()].flat().map((file) => file.undo()))
}
