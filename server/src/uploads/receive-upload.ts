// Receiving one uploaded file the way every upload is received: the name made safe, the extension
// checked against the allowed list, the bytes streamed to storage under a size limit (begin → write),
// optionally measured as they stream (audio duration), then the size and the first bytes checked
// against the extension. Only then may the file be committed to its key, best together with the rows
// that name it. A refused or broken upload is discarded: it leaves no file and no folder behind.
// A refusal is an HttpError with its code (file_type_refused, file_too_large, file_content_refused,
// which a measurer failing on the bytes also gets) and the words the caller gives, so a route only
// says what its texts are.
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { HttpError } from '../http-error.ts'
import { extensionOf, FileTooLargeError, safeFileName, type FileStorage } from '../storage/file-storage.ts'
import { contentMatchesExtension } from './file-signatures.ts'
import { MeasureFailedError, measureWhileWriting, type Measure } from './measure-while-writing.ts'

export interface UploadedStream {
  filename: string
  file: Readable & { truncated?: boolean }
}

/** The words of a refusal, as the route's spec gives them. */
export interface UploadTexts {
  wrongType: string
  wrongContent: string
  tooLarge: string
}

export interface UploadRules<M = never> {
  folder: string
  allowed: readonly string[]
  maxBytes: number
  /** The stored name when the client's name has nothing usable left. */
  fallbackName: string
  texts: UploadTexts
  /**
   * Reads the bytes as they are written (e.g. an audio file's duration); its answer is `measured`.
   * Answer null for "could not tell"; a measurer that throws refuses the file as wrong content.
   */
  measure?: Measure<M>
}

/** A received and checked upload, not yet at its key: the caller commits it with the rows that name it. */
export interface ReceivedUpload<M = never> {
  key: string
  fileName: string
  size: number
  /** What `measure` found; undefined without one. */
  measured?: M
  /** Puts the file at its key; do it last inside the transaction that writes the rows naming it. */
  commit(): Promise<void>
  /** Takes it back, whether or not it was committed: nothing of it stays. For any failure after receiving. */
  undo(): Promise<void>
}

/**
 * Receives `upload` for `{folder}/{random}/{safe name}`: streams it to storage, measures and checks
 * it, without putting it at its key. A refusal throws an HttpError; then nothing stays.
 */
export async function receiveUpload<M = never>(storage: FileStorage, upload: UploadedStream, rules: UploadRules<M>): Promise<ReceivedUpload<M>> {
  const fileName = safeFileName(upload.filename, rules.fallbackName)
  const extension = extensionOf(fileName)
  if (!rules.allowed.includes(extension)) {
    upload.file.resume()
    throw new HttpError(400, rules.texts.wrongType, 'file_type_refused')
  }
  // A random folder keeps the clerk's own file name as the last segment (the download name) unique.
  const key = `${rules.folder}/${randomUUID()}/${fileName}`
  const pending = await storage.beginUpload(key, { maxBytes: rules.maxBytes })
  let size: number
  let measured: M | undefined
  try {
    const written = await measureWhileWriting(upload.file, fileName, (source) => pending.write(source), rules.measure)
    // @fastify/multipart truncates at its own limit instead of failing; that is too large as well.
    if (upload.file.truncated) throw tooLarge(rules)
    if (written.saved.size === 0 || !contentMatchesExtension(extension, written.saved.head)) throw wrongContent(rules)
    size = written.saved.size
    measured = written.measured
  } catch (error) {
    await pending.discard()
    if (error instanceof FileTooLargeError) throw tooLarge(rules)
    // A measurer that cannot read the file (a measure that finds nothing answers null, it does not
    // fail) met bytes that are not what the name says: refused like any other wrong content.
    if (error instanceof MeasureFailedError) throw wrongContent(rules)
    throw error
  }
  let committed = false
  return {
    key,
    fileName,
    size,
    ...(rules.measure ? { measured } : {}),
    async commit() {
      await pending.commit()
      committed = true
    },
    async undo() {
      if (committed) await storage.remove(key)
      else await pending.discard()
    },
  }
}

const tooLarge = (rules: UploadRules<unknown>) => new HttpError(413, rules.texts.tooLarge, 'file_too_large')
const wrongContent = (rules: UploadRules<unknown>) => new HttpError(400, rules.texts.wrongContent, 'file_content_refused')

/**
 * Runs `write` (the checks left, then the rows that name the upload and its commit, in one
 * transaction); takes the upload (if any was received) back when anything in it fails, so no file
 * ever sits at its key without its rows.
 */
export async function keepUpload<T, M>(upload: ReceivedUpload<M> | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    await upload?.undo()
    throw error
  }
}
