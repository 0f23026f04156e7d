// How ffmpeg reads a stored file (file-storage.ts FfmpegInput): its `-i` argument with only the
// protocols that kind needs, and the few header bytes the measure checks itself (WAV, FLAC) read from
// either kind. A file on object storage is read over HTTP Range requests from a presigned URL, never
// copied to local disk first (issue 27; docs/decisions/ffmpeg-reads-object-storage.md).
import { open } from 'node:fs/promises'
import path from 'node:path'
import type { FfmpegInput } from '../storage/file-storage.ts'

export type { FfmpegInput }

/** What the audio tools take: an FfmpegInput, or a bare path on local disk (never read as a URL). */
export type AudioSource = string | FfmpegInput

export const inputOf = (source: AudioSource): FfmpegInput => (typeof source === 'string' ? { kind: 'file', path: source } : source)

/**
 * A stalled read from object storage fails after this long instead of waiting for the run's wall
 * clock (minutes): ffmpeg's rw_timeout, in microseconds.
 */
const URL_READ_TIMEOUT_MICROSECONDS = 60_000_000

/**
 * ffmpeg's input options for `input`: the protocol whitelist (a path: `file` only; an http URL: `http,tcp`;
 * an https URL: `https,tls,tcp`) and the `-i` argument. The whitelist is what keeps the kinds apart
 * inside ffmpeg too: a URL run cannot open a local file, nor a path run a URL.
 */
export function ffmpegInputOptions(input: FfmpegInput): { protocols: string; options: string[]; target: string } {
  if (input.kind === 'file') return { protocols: 'file', options: [], target: `file:${path.resolve(input.path)}` }
  const scheme = URL.canParse(input.url) ? new URL(input.url).protocol : ''
  const timeout = ['-rw_timeout', String(URL_READ_TIMEOUT_MICROSECONDS)]
  if (scheme === 'https:') return { protocols: 'https,tls,tcp', options: timeout, target: input.url }
  if (scheme === 'http:') return { protocols: 'http,tcp', options: timeout, target: input.url }
  throw new Error(`ffmpeg reads only an http or https URL here, not ${JSON.stringify(input.url.slice(0, 40))}`)
}

/** Random access to a file's bytes, from local disk or over HTTP Range requests. */
export interface ByteReader {
  readonly size: number
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  readAt(position: number, length: number): Promise<Buffer>
  close(): Promise<void>
}

export async function openBytes(source: AudioSource): Promise<ByteReader> {
  const input = inputOf(source)
  if (input.kind === 'file') {
    const file = await open(input.path, 'r')
    const { size } = await file.stat().catch(async (error: unknown) => {
      await file.close()
      throw error
    })
    return {
      size,
      async readAt(position, length) {
        const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, position)
        return buffer.subarray(0, bytesRead)
      },
      close: () => file.close(),
    }
  }
  ffmpegInputOptions(input) // the same URL rule as ffmpeg's
  return { size: await urlSize(input.url), readAt: (position, length) => readUrlRange(input.url, position, length), close: async () => undefined }
}

/** The object's size from a one-byte ranged GET (a presigned URL is signed for GET only, not HEAD). */
async function urlSize(url: string): Promise<number> {
  const response = await fetch(url, { headers: { range: 'bytes=0-0' } })
  await response.body?.cancel()
  // "bytes 0-0/1234", or "bytes */0" with 416 for an empty object.
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]
  if ((response.status === 206 || response.status === 416) && total !== undefined) return Number(total)
  if (response.status === 200) return Number(response.headers.get('content-length'))
  throw new Error(`reading the stored file's size answered HTTP ${response.status}`)
}

async function readUrlRange(url: string, position: number, length: number): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0)
  const response = await fetch(url, { headers: { range: `bytes=${position}-${position + length - 1}` } })
  if (response.status === 416) {
    await response.body?.cancel()
    return Buffer.alloc(0)
  }
  if (response.status !== 206) {
    await response.body?.cancel()
    throw new Error(`reading bytes ${position}-${position + length - 1} of the stored file answered HTTP ${response.status}`)
  }
  return Buffer.from(await response.arrayBuffer()).subarray(0, length)
}
