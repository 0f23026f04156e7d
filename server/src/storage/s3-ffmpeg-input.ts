// FileStorage.withFfmpegInput on object storage: a presigned GET URL for the stored object, so ffmpeg
// reads it over HTTP (Range requests where it seeks) and a 2 GB recording is never copied to local
// disk first (issue 27; docs/decisions/ffmpeg-reads-object-storage.md). The S3 FileStorage hands its
// client and bucket here.
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { FfmpegInput } from './file-storage.ts'

/**
 * How long a URL for ffmpeg is valid. ffmpeg opens it again at every seek, so it must outlive the whole
 * use: a measure's three runs of at most 5 minutes each, or a join's 15-minute wall clock, after a wait
 * for its turn (run-ffmpeg.ts, join-recordings.ts). It exists only in ffmpeg's arguments on this server.
 */
export const FFMPEG_URL_LIFETIME_SECONDS = 60 * 60

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404
}

/** Runs `use` with a presigned URL for the object at `key`; rejects, as local disk does, when there is none. */
export async function withPresignedFfmpegInput<T>(client: S3Client, bucket: string, key: string, use: (input: FfmpegInput) => Promise<T>): Promise<T> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
  } catch (error) {
    if (isNotFound(error)) throw new Error(`no stored file at ${key}`)
    throw error
  }
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: FFMPEG_URL_LIFETIME_SECONDS })
  return use({ kind: 'url', url })
}
