// jsdom's Blob cannot be structured-cloned: fake-indexeddb keeps one as an empty object, where a
// browser's IndexedDB keeps the Blob. Tests of code that makes its own Blobs and stores them (the
// offline copy of the job list, src/app/query-persistence.tsx) put Node's Blob in jsdom's place: it
// clones, reads and answers `instanceof Blob` as a browser's does. Undone by vi.unstubAllGlobals().
import { Blob as NodeBlob } from 'node:buffer'
import { vi } from 'vitest'

export function withCloneableBlobs(): void {
  vi.stubGlobal('Blob', NodeBlob)
}
