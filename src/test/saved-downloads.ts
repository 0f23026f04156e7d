// Test support for downloads (src/lib/transport/download.ts saveFile): jsdom has no object URLs and
// does not download, so for each test of the calling file this records what would have been saved,
// with the file's name and its bytes.
import { afterEach, beforeEach, vi } from 'vitest'

export interface SavedDownload {
  /** The name the browser would save it under (the link's download attribute). */
  name: string
  blob: Blob | undefined
}

/** The downloads saved during the current test, in order. */
export function recordSavedDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = []
  const created: Blob[] = []
  beforeEach(() => {
    saved.length = 0
    created.length = 0
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob)
        return `blob:saved-${created.length}`
      },
      revokeObjectURL: () => undefined,
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: created.at(-1) })
    })
  })
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
  })
  return saved
}
