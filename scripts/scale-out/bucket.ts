// The run's own look into the bucket (the S3-protocol server it started), beside the processes': what a
// check must see there without going through the product (a tus HEAD, for one, would ask the process
// holding the upload to let go of it).
import { ListMultipartUploadsCommand, ListPartsCommand, S3Client } from '@aws-sdk/client-s3'
import type { ObjectStorageServer } from '../../tests/support/object-storage-server.ts'
import { RESUMABLE_UPLOADS_FOLDER } from '../../server/src/resumable-uploads/tus-server.ts'

export function bucketClient(bucket: ObjectStorageServer): S3Client {
  return new S3Client({ region: bucket.region, endpoint: bucket.endpoint, forcePathStyle: true, credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey } })
}

/**
 * The bytes of an unfinished tus upload that the bucket holds as whole parts: @tus/s3-store's upload is a
 * multipart upload at resumable-uploads/<id>, and its offset is what ListParts sums (plus a `.part`
 * object, written only when a PATCH ends short of a part). 0 before its first part is stored.
 */
export async function storedPartBytes(s3: S3Client, bucket: ObjectStorageServer, uploadId: string): Promise<number> {
  const key = `${RESUMABLE_UPLOADS_FOLDER}/${uploadId}`
  const open = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket.bucket, Prefix: key }))
  // The prefix also matches other keys beginning with it: only the upload's own key counts.
  const multipart = (open.Uploads ?? []).find((upload) => upload.Key === key)
  if (!multipart?.UploadId) throw new Error(`no multipart upload open at ${key}`)
  let bytes = 0
  let marker: string | undefined
  for (;;) {
    const page = await s3.send(new ListPartsCommand({ Bucket: bucket.bucket, Key: key, UploadId: multipart.UploadId, PartNumberMarker: marker }))
    for (const part of page.Parts ?? []) bytes += part.Size ?? 0
    if (!page.IsTruncated) return bytes
    marker = page.NextPartNumberMarker
  }
}
