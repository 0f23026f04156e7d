// The one place an S3 client is made from the settings, for stored files (s3-storage.ts) and for
// whatever else reads or writes the bucket (presigned URLs for ffmpeg, tus's S3 store).
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import type { StorageSetting } from '../config.ts'

/** Connections to the storage at once, per process. */
const MAX_CONNECTIONS = 256

export type S3StorageSetting = Extract<StorageSetting, { kind: 's3' }>

/** The S3Client options for the settings; tus's S3 store takes these as its `s3ClientConfig`. */
export function s3ClientConfig(setting: S3StorageSetting): S3ClientConfig {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = setting
  return {
    region,
    forcePathStyle,
    // A download streams from the storage for as long as the clerk's device takes to read it, holding
    // one connection all along: the SDK's 50 would make the 51st download at once wait for a free one.
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS }, httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS } },
    ...(endpoint !== undefined && {
      endpoint,
      // The SDK's default (WHEN_SUPPORTED) sends stream bodies as aws-chunked with a checksum trailer,
      // which S3-compatible servers such as Ceph radosgw refuse (411 MissingContentLength) or store with
      // the framing in them; AWS accepts both (docs/research/s3-protocol-server.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined && { credentials: { accessKeyId, secretAccessKey } }),
  }
}

export function createS3Client(setting: S3StorageSetting): S3Client {
  return new S3Client(s3ClientConfig(setting))
}
