// Once per test run, and only when a file of the object storage project (*.s3.test.ts) runs: a
// throwaway S3-protocol server (Ceph radosgw, about 20 s to start). Each test file makes its own
// bucket on it (s3-test-storage.ts), so files share the server and nothing else.
import type { TestProject } from 'vitest/node'
import { startObjectStorageServer } from '../../../tests/support/object-storage-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3_* settings of the run's object storage server (S3_BUCKET is a bucket made for the run). */
    objectStorageEnv: Record<string, string>
  }
}

export default async function setup(project: TestProject) {
  const server = await startObjectStorageServer()
  project.provide('objectStorageEnv', server.env)
  return () => server.stop()
}
