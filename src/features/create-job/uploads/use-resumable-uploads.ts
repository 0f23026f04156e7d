// Step 1's resumable uploads (tus, README "API notes: uploads that resume (tus)"): each audio file
// starts uploading to /api/uploads as soon as it joins the draft (picked, dropped or a stopped
// recording) and carries on while the clerk fills in the form. Its address is kept with the draft's
// file in IndexedDB (src/lib/upload-addresses.ts), so a dropped connection, a reload or a new visit
// resumes from the offset the server answers to HEAD. Offline, an upload waits and starts again by
// itself on `online`. A file whose upload fails for good is priced from its bytes, as before
// (./pricing-parts.ts). docs/decisions/resumable-uploads-portal.md.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Upload, type UrlStorage } from 'tus-js-client'
import { apiUrl, bearerToken, endSessionOnForbidden } from '@/lib/api-client'
import { clearUploadAddress, keepUploadAddress, readUploadAddress } from '@/lib/upload-addresses'
import type { DraftFile } from '../draft/wizard-draft'
import type { FileUpload } from './pricing-parts'

/**
 * Bytes per PATCH. A cut loses at most what was in flight of one request that the server did not
 * store; smaller requests also keep an intermediary from holding a whole big file.
 */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024

/** How long tus-js-client waits before each retry of a request that failed while online. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000]

export const UPLOADS_TEXT = {
  failed: (name: string) => `${name} could not be uploaded in advance; it will be sent when you press Next.`,
} as const

/** tus-js-client's own URL storage, switched off: the address lives with the draft's file instead. */
const NO_URL_STORAGE: UrlStorage = {
  findAllUploads: () => Promise.resolve([]),
  findUploadsByFingerprint: () => Promise.resolve([]),
  removeUpload: () => Promise.resolve(),
  addUpload: () => Promise.resolve(''),
}

const isRunning = (upload: FileUpload | undefined) => upload?.status === 'starting' || upload?.status === 'uploading'

export function useResumableUploads(clerk: string | null, audioFiles: readonly DraftFile[]) {
  const [uploads, setUploads] = useState<ReadonlyMap<string, FileUpload>>(() => new Map())
  /** The same map, current between renders (whenSettled reads it). */
  const current = useRef<Map<string, FileUpload>>(new Map())
  const running = useRef(new Map<string, Upload>())
  const settledWaiters = useRef(new Set<() => void>())

  const patch = useCallback((id: string, next: FileUpload | null) => {
    if (next) current.current.set(id, next)
    else current.current.delete(id)
    setUploads(new Map(current.current))
    if (![...current.current.values()].some(isRunning)) {
      for (const resolve of settledWaiters.current) resolve()
      settledWaiters.current.clear()
    }
  }, [])

  const begin = useCallback(
    async (file: DraftFile) => {
      const known = current.current.get(file.id)?.url ?? (clerk ? await readUploadAddress(clerk, file.id) : undefined)
      // The file left the draft while its address was read.
      if (!current.current.has(file.id)) return
      const update = (change: Partial<FileUpload>) => {
        const now = current.current.get(file.id)
        if (now) patch(file.id, { ...now, ...change })
      }
      const upload: Upload = new Upload(file.file, {
        endpoint: apiUrl('/uploads'),
        uploadUrl: known ?? null,
        metadata: { filename: file.name },
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        storeFingerprintForResuming: false,
        removeFingerprintOnSuccess: false,
        urlStorage: NO_URL_STORAGE,
        // Every request carries the clerk's token, refreshed first when it is about to expire: the
        // transport's one refresh path (src/lib/transport/session-token.ts).
        onBeforeRequest: async (request) => {
          const token = await bearerToken()
          if (token) request.setHeader('Authorization', `Bearer ${token}`)
        },
        onUploadUrlAvailable: () => {
          if (!upload.url) return
          update({ url: upload.url })
          if (clerk) void keepUploadAddress(clerk, { id: file.id, blob: file.file }, upload.url)
        },
        onProgress: (sent, total) => update({ status: 'uploading', sent, size: total }),
        onShouldRetry: (error) => {
          const status = error.originalResponse?.getStatus() ?? 0
          return navigator.onLine && (status === 0 || status === 409 || status === 423 || status >= 500)
        },
        onSuccess: () => {
          running.current.delete(file.id)
          update({ status: 'done', sent: file.size })
        },
        onError: (error) => {
          running.current.delete(file.id)
          const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0
          // No connection: it waits, and starts again from the server's offset once it is back.
          if (!navigator.onLine || status === 0) return update({ status: 'waiting' })
          // The session ended: the same 403 path as every other call (sign in again; the draft stays).
          if (status === 403) endSessionOnForbidden()
          update({ status: 'failed', message: UPLOADS_TEXT.failed(file.name) })
        },
      })
      running.current.set(file.id, upload)
      update({ status: 'starting' })
      upload.start()
    },
    [clerk, patch],
  )

  // Files that joined the draft start; files that left it are cancelled on the server too.
  const fileKey = audioFiles.map((file) => file.id).join('|')
  const filesRef = useRef(audioFiles)
  // Before the effects below read it (layout effects run first).
  useLayoutEffect(() => {
    filesRef.current = audioFiles
  })
  useEffect(() => {
    const ids = new Set(filesRef.current.map((file) => file.id))
    for (const id of [...current.current.keys()]) {
      if (ids.has(id)) continue
      void running.current.get(id)?.abort(true).catch(() => undefined)
      running.current.delete(id)
      patch(id, null)
    }
    for (const file of filesRef.current) {
      if (current.current.has(file.id)) continue
      current.current.set(file.id, { status: 'starting', sent: 0, size: file.size, url: null, name: file.name })
      void begin(file)
    }
  }, [fileKey, begin, patch])

  // Back online: every waiting upload starts again, from the server's offset.
  useEffect(() => {
    const resume = () => {
      for (const file of filesRef.current) if (current.current.get(file.id)?.status === 'waiting') void begin(file)
    }
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  }, [begin])

  // Leaving the page pauses the uploads (not cancelled: the next visit resumes them from the kept address).
  useEffect(() => {
    const uploadsNow = running.current
    const statesNow = current.current
    return () => {
      for (const upload of uploadsNow.values()) void upload.abort(false).catch(() => undefined)
      uploadsNow.clear()
      statesNow.clear()
    }
  }, [])

  /** Cancel: the upload is ended on the server too; the file stays and is sent whole at Next. */
  const cancel = useCallback(
    async (id: string) => {
      const upload = running.current.get(id)
      running.current.delete(id)
      const now = current.current.get(id)
      if (now) patch(id, { ...now, status: 'cancelled', url: null })
      await upload?.abort(true).catch(() => undefined)
      if (clerk) await clearUploadAddress(clerk, id)
    },
    [clerk, patch],
  )

  /** Resolves once no upload is still running (waiting, failed, cancelled and finished ones count as settled). */
  const whenSettled = useCallback((): Promise<ReadonlyMap<string, FileUpload>> => {
    if (![...current.current.values()].some(isRunning)) return Promise.resolve(new Map(current.current))
    return new Promise((resolve) => settledWaiters.current.add(() => resolve(new Map(current.current))))
  }, [])

  const busy = [...uploads.values()].some(isRunning)
  return { uploads, cancel, whenSettled, busy }
}
