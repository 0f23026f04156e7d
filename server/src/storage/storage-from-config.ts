// Picks where stored files live from the settings (S3_BUCKET: object storage; unset: local disk).
import path from 'node:path'
import type { StorageSetting } from '../config.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalStorage } from './local-storage.ts'

export function createFileStorage(setting: StorageSetting, dataDir: string): FileStorage {
  if (setting.kind === 'local') return createLocalStorage(path.join(dataDir, 'files'))
  throw new Error('S3_BUCKET is set but this build stores files on local disk only')
}
