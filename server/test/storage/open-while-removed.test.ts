// A stored file removed just after storage found it (a template deleted while create-job copies it
// into the job, a clerk's files erased while one is downloaded). open() checked the file, then handed
// back a stream of its path that opened it only later: the stream failed with ENOENT, and a caller that
// had not yet listened (create-job awaits the copy's own storage first) stopped the whole server, as a
// hostile client made happen with an upload taken back during calculate-cost. open() now answers a
// stream of a file it has already opened, which reads whole whatever happens to the name meanwhile.
// The moment is made exact: the file is removed as soon as the filesystem call that finds it returns.
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import type * as FsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, it, vi } from 'vitest'
import { saveStream } from '../../src/storage/file-storage.ts'
import { createLocalStorage } from '../../src/storage/local-storage.ts'

const removal = vi.hoisted(() => ({ path: '' }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>()
  /** The call, then the file at `removal.path` removed once that call has looked at it. */
  const thenRemoved =
    <A extends [unknown, ...unknown[]], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await call(...args)
      if (removal.path && args[0] === removal.path) {
        rmSync(removal.path)
        removal.path = ''
      }
      return result
    }
  const stat = thenRemoved(actual.stat as (...args: [string]) => ReturnType<typeof actual.stat>)
  const open = thenRemoved(actual.open as (...args: [string, string?]) => ReturnType<typeof actual.open>)
  return { ...actual, stat, open, default: { ...actual, stat, open } }
})

it('reads a stored file whole when it is removed right after it was found', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-open-removed-'))
  const storage = createLocalStorage(root)
  const key = 'clerks/alice/templates/t1/Inventory template.txt'
  const content = 'Kitchen: clean throughout.\n'.repeat(2000)
  await saveStream(storage, key, Readable.from([Buffer.from(content)]), 1024 * 1024)

  removal.path = path.join(root, key)
  const opened = await storage.open(key)
  expect(removal.path).toBe('')
  expect(opened?.size).toBe(content.length)
  expect(await text(opened!.stream)).toBe(content)
  // Gone now: a later open finds nothing.
  expect(await storage.open(key)).toBeNull()
})
