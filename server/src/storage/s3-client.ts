// The one place an S3 client is made from the settings, for stored files (s3-storage.ts) and for
// whatever else reads or writes the bucket (presigned URLs for ffmpeg, tus's S3 store).
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import type { StorageSetting } from '../config.ts'

export type S3StorageSetting = Extract<StorageSetting, { kind: 's3' }>

/** The S3Client options for the settings; tus's S3 store takes these as its `s3ClientConfig`. */
export function s3ClientConfig(setting: S3StorageSetting): S3ClientConfig {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = setting
  return {
    region,
    forcePathStyle,
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
