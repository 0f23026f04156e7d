// A job's files (portal-spec.md §7): audio GET /files/10/{path}, template /files/11, supporting
// document /files/12, transcript /files/13, each saved under its base file name. The server moves a
// Completed job to Downloaded on its first transcript download, so the job list is read again then.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { downloadFile, FILE_KIND, type FileKind } from '@/lib/api-client'
import { DOWNLOAD_TEXT, type JobFileKind } from '../dialog-messages'
import { jobKeys } from './get-dashboard'

const KIND_NUMBER: Record<JobFileKind, FileKind> = {
  audio: FILE_KIND.audio,
  template: FILE_KIND.template,
  support: FILE_KIND.support,
  transcript: FILE_KIND.transcript,
}

export interface JobFile {
  kind: JobFileKind
  /** The stored path, as the job's *_files list gives it. */
  path: string
}

/** Fetches the file with the Bearer header and saves it; throws an ApiError (§8's client-side wording). */
export function downloadJobFile({ kind, path }: JobFile): Promise<void> {
  return downloadFile({ kind: KIND_NUMBER[kind], path, failureMessage: DOWNLOAD_TEXT.fetcherFailed[kind] })
}

export function useDownloadJobFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: downloadJobFile,
    onSuccess: (_, { kind }) => {
      // The job may now be Downloaded: every jobs query is read again (not awaited: the file is saved).
      if (kind === 'transcript') void queryClient.invalidateQueries({ queryKey: jobKeys.all })
    },
  })
}
