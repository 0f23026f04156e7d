// Picks where stored files live from the settings (S3_BUCKET: object storage; unset: local disk).
import path from 'node:path'
import type { StorageSetting } from '../config.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalStorage } from './local-storage.ts'
import { createS3Client } from './s3-client.ts'
import { createS3Storage } from './s3-storage.ts'

export function createFileStorage(setting: StorageSetting, dataDir: string): FileStorage {
  if (setting.kind === 'local') return createLocalStorage(path.join(dataDir, 'files'))
  return createS3Storage(createS3Client(setting), setting.bucket)
}
