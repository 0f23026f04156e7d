// What calculate-cost is sent for the draft's audio: the id of each file whose tus upload finished
// (`upload_ids`, README "API notes: uploads that resume (tus)") with the name the draft has for it now
// (`upload_names`: a recording renamed after its upload began keeps the clerk's name without being
// sent again), and the bytes, as multipart `audio_files` as before, of every other file (its upload
// failed for good, was cancelled or never started), so that nothing is lost.
import type { DraftFile } from '../draft/wizard-draft'

export type FileUploadStatus = 'starting' | 'uploading' | 'waiting' | 'done' | 'failed' | 'cancelled'

/** One draft file's resumable upload as the wizard sees it. */
export interface FileUpload {
  status: FileUploadStatus
  /** Bytes the server acknowledged. */
  sent: number
  size: number
  /** The upload's address once the server created it. */
  url: string | null
  /** The name the upload was created with (its Upload-Metadata); priced under the draft's name (`upload_names`). */
  name: string
  /** Why it failed for good, in the clerk's words. */
  message?: string
}

export interface PricingParts {
  uploadIds: string[]
  /** The draft's name for each of `uploadIds`, in the same order. */
  uploadNames: string[]
  multipart: DraftFile[]
}

/** The upload's id: the last segment of its address (`Location: /api/uploads/<id>`). */
export function uploadIdOf(url: string): string {
  const path = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '')
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
}

/** The draft's audio split into finished uploads (by id, in the draft's order) and files to send whole. */
export function pricingParts(audioFiles: readonly DraftFile[], uploads: ReadonlyMap<string, FileUpload>): PricingParts {
  const uploadIds: string[] = []
  const uploadNames: string[] = []
  const multipart: DraftFile[] = []
  for (const file of audioFiles) {
    const upload = uploads.get(file.id)
    if (upload?.status === 'done' && upload.url) {
      uploadIds.push(uploadIdOf(upload.url))
      uploadNames.push(file.name)
    } else multipart.push(file)
  }
  return { uploadIds, uploadNames, multipart }
}
