// Object storage for one test file: a bucket of its own on the run's S3-protocol server
// (global-setup-object-storage.ts), and a client for looking into it as the tests check.
import { randomBytes } from 'node:crypto'
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { inject } from 'vitest'
import { loadConfig, type StorageSetting } from '../../src/config.ts'
import { createS3Client } from '../../src/storage/s3-client.ts'
import type {} from './global-setup-object-storage.ts'

export type S3Setting = Extract<StorageSetting, { kind: 's3' }>

/** A new, empty bucket on the test server, as the settings a server process would read. */
export async function newTestBucket(): Promise<{ setting: S3Setting; client: S3Client }> {
  const bucket = `test-${randomBytes(6).toString('hex')}`
  const setting = loadConfig({ ...inject('objectStorageEnv'), S3_BUCKET: bucket }).storage as S3Setting
  const client = createS3Client(setting)
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  return { setting, client }
}

/** Every object's key in the bucket, sorted. */
export async function objectKeys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }))
    keys.push(...(page.Contents ?? []).map((object) => object.Key!))
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys.sort()
}

/** The multipart uploads begun and neither completed nor aborted, by key. */
export async function pendingMultipartUploads(client: S3Client, bucket: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))
  return (page.Uploads ?? []).map((upload) => ({ key: upload.Key!, uploadId: upload.UploadId!, initiated: upload.Initiated! }))
}
