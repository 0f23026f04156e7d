// The storage interface on real files: an upload is begun, written from a stream, checked, and then
// committed or discarded; nothing is visible at its key before the commit, a committed file can be
// handed to a tool as a local path, a broken stream leaves
// nothing, and the sweep removes what a crash left (stale uploads, empty folders) and nothing else,
// at the server's start and every quarter of an hour. A pending upload its process still holds is
// kept fresh, so the sweep never takes it however long it waits; one whose process died goes within
// the hour (issue 24 item 7).
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FileTooLargeError, saveStream, type FileStorage } from '../../src/storage/file-storage.ts'
import { createLocalStorage, PENDING_UPLOAD_KEEP_ALIVE_MS } from '../../src/storage/local-storage.ts'
import { STALE_UPLOAD_AGE_MS, STORAGE_SWEEP_INTERVAL_MS } from '../../src/tasks/storage-sweep.ts'
import { createTestApp, runScheduledTask } from '../support/test-app.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Every file and folder under `root`, as relative paths (folders end with "/"). */
async function tree(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)) + (entry.isDirectory() ? '/' : ''))
    .sort()
}

/** A stream of `chunks`, then the error a client's disconnect gives. */
function brokenStream(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks
      throw new Error('aborted: the client went away')
    })(),
  )
}

/** Writes a file as a crash would leave it, last written `ageMs` ago. */
async function leftFile(full: string, ageMs: number, content = 'partial bytes'): Promise<void> {
  await mkdir(path.dirname(full), { recursive: true })
  await writeFile(full, content)
  const when = new Date(Date.now() - ageMs)
  await utimes(full, when, when)
}

describe('file storage uploads', () => {
  let root: string
  let storage: FileStorage
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-storage-'))
    storage = createLocalStorage(root)
  })

  it('shows nothing at the key until the commit, then exactly the bytes sent', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => randomBytes(64 * 1024 + i))
    const upload = await storage.beginUpload('clerks/c1/jobs/7/audio/kitchen.wav', { maxBytes: 10 * 1024 * 1024 })
    const written = await upload.write(Readable.from(chunks))
    const sent = Buffer.concat(chunks)
    expect(written.size).toBe(sent.length)
    expect(written.head.equals(sent.subarray(0, 4096))).toBe(true)
    expect(await storage.size('clerks/c1/jobs/7/audio/kitchen.wav')).toBeNull()
    expect(await tree(root)).toEqual(['.tmp/', expect.stringMatching(/^\.tmp\/[0-9a-f-]+\.partial$/)])

    await upload.commit()
    expect((await readFile(path.join(root, 'clerks/c1/jobs/7/audio/kitchen.wav'))).equals(sent)).toBe(true)
    expect(await tree(root)).toEqual(['.tmp/', 'clerks/', 'clerks/c1/', 'clerks/c1/jobs/', 'clerks/c1/jobs/7/', 'clerks/c1/jobs/7/audio/', 'clerks/c1/jobs/7/audio/kitchen.wav'])
    // A discard after the commit keeps the file.
    await upload.discard()
    expect(await storage.size('clerks/c1/jobs/7/audio/kitchen.wav')).toBe(sent.length)
  })

  it('leaves nothing when the stream breaks half-way, when the file is too large, or when the upload is discarded', async () => {
    const broken = await storage.beginUpload('clerks/c1/a/broken.wav', { maxBytes: 10 * 1024 * 1024 })
    await expect(broken.write(brokenStream([randomBytes(300 * 1024), randomBytes(300 * 1024)]))).rejects.toThrow('aborted: the client went away')
    await broken.discard()

    await expect(saveStream(storage, 'clerks/c1/b/big.wav', Readable.from([randomBytes(2048)]), 1024)).rejects.toBeInstanceOf(FileTooLargeError)
    await expect(saveStream(storage, 'clerks/c1/c/broken.wav', brokenStream([randomBytes(1024)]), 4096)).rejects.toThrow('aborted: the client went away')

    const refused = await storage.beginUpload('clerks/c1/d/refused.pdf', { maxBytes: 4096 })
    await refused.write(Readable.from([Buffer.from('MZ not a pdf')]))
    await refused.discard()
    await expect(refused.commit()).rejects.toThrow('only a written upload can be committed (clerks/c1/d/refused.pdf is discarded)')

    expect(await tree(root)).toEqual(['.tmp/'])
  })

  it('removes a file’s folders with its last file, and keeps a key out of the uploads in progress', async () => {
    await saveStream(storage, 'clerks/c1/templates/t1/a.pdf', Readable.from([Buffer.from('%PDF-a')]), 4096)
    await saveStream(storage, 'clerks/c1/templates/t2/b.pdf', Readable.from([Buffer.from('%PDF-b')]), 4096)
    await storage.remove('clerks/c1/templates/t1/a.pdf')
    expect(await tree(root)).toEqual(['.tmp/', 'clerks/', 'clerks/c1/', 'clerks/c1/templates/', 'clerks/c1/templates/t2/', 'clerks/c1/templates/t2/b.pdf'])
    await storage.remove('clerks/c1/templates/t2/b.pdf')
    expect(await tree(root)).toEqual(['.tmp/'])

    for (const key of ['.tmp/x.partial', '../outside', 'a/../../outside']) {
      await expect(storage.beginUpload(key, { maxBytes: 10 })).rejects.toThrow(`storage key outside the storage folder: ${key}`)
    }
  })

  it('hands a committed file to a tool as a path on local disk, and refuses a key with no file', async () => {
    const bytes = randomBytes(10_000)
    await saveStream(storage, 'clerks/c1/uploads/t1/a/kitchen.m4a', Readable.from([bytes]), 1024 * 1024)
    const read = await storage.withLocalFile('clerks/c1/uploads/t1/a/kitchen.m4a', async (filePath) => readFile(filePath))
    expect(read.equals(bytes)).toBe(true)
    const pending = await storage.beginUpload('clerks/c1/uploads/t1/b/hall.m4a', { maxBytes: 1024 })
    await pending.write(Readable.from([Buffer.from('ftyp')]))
    const use = vi.fn(async () => 'used')
    await expect(storage.withLocalFile('clerks/c1/uploads/t1/b/hall.m4a', use)).rejects.toThrow('no stored file at clerks/c1/uploads/t1/b/hall.m4a')
    await expect(storage.withLocalFile('clerks/c1/uploads/t1/a', use)).rejects.toThrow('no stored file at clerks/c1/uploads/t1/a')
    await expect(storage.withLocalFile('../outside', use)).rejects.toThrow('storage key outside the storage folder: ../outside')
    expect(use).not.toHaveBeenCalled()
  })

  it('sweeps stale uploads and empty folders, and leaves fresh uploads and stored files alone', async () => {
    await leftFile(path.join(root, '.tmp/crashed.partial'), STALE_UPLOAD_AGE_MS + MINUTE)
    await leftFile(path.join(root, '.tmp/in-progress.partial'), STALE_UPLOAD_AGE_MS - MINUTE)
    await leftFile(path.join(root, 'clerks/c1/templates/t1/old report.pdf'), 400 * 24 * HOUR, '%PDF-kept')
    await mkdir(path.join(root, 'clerks/c1/templates/refused-1'), { recursive: true })
    await mkdir(path.join(root, 'clerks/c2/jobs/9/audio'), { recursive: true })
    const upload = await storage.beginUpload('clerks/c3/jobs/1/audio/live.wav', { maxBytes: 4096 })
    await upload.write(Readable.from([Buffer.from('RIFF')]))

    expect(await storage.sweep({ staleBefore: new Date(Date.now() - STALE_UPLOAD_AGE_MS) })).toEqual({ staleUploads: 1, emptyFolders: 5 })
    await upload.commit()
    expect(await tree(root)).toEqual([
      '.tmp/',
      '.tmp/in-progress.partial',
      'clerks/',
      'clerks/c1/',
      'clerks/c1/templates/',
      'clerks/c1/templates/t1/',
      'clerks/c1/templates/t1/old report.pdf',
      'clerks/c3/',
      'clerks/c3/jobs/',
      'clerks/c3/jobs/1/',
      'clerks/c3/jobs/1/audio/',
      'clerks/c3/jobs/1/audio/live.wav',
    ])
    expect(await readFile(path.join(root, 'clerks/c1/templates/t1/old report.pdf'), 'utf8')).toBe('%PDF-kept')
  })

  it('never sweeps a pending upload its process still holds, however long it waits before its commit', async () => {
    // The keep-alive timer and the clock are faked; the files and their times are real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    try {
      const waiting = await storage.beginUpload('clerks/c4/uploads/t1/a/first.wav', { maxBytes: 4096 })
      await waiting.write(Readable.from([Buffer.from('RIFF')]))
      // Two hours on, the way a form's first file waits while a large second one streams in.
      // A beat at a time: touches in flight together may land in any order.
      for (let minutes = 0; minutes < 120; minutes += 1) {
        vi.advanceTimersByTime(PENDING_UPLOAD_KEEP_ALIVE_MS)
        // The keep-alive's touch (within the last beat) is real file work: let it land before the sweep looks.
        const beatDue = Date.now() - PENDING_UPLOAD_KEEP_ALIVE_MS - 1 // (file times are stored a little less exactly)
        await expect.poll(async () => (await stat(path.join(root, '.tmp', (await readdir(path.join(root, '.tmp')))[0]!))).mtimeMs).toBeGreaterThanOrEqual(beatDue)
        expect((await storage.sweep({ staleBefore: new Date(Date.now() - STALE_UPLOAD_AGE_MS) })).staleUploads).toBe(0)
      }
      await waiting.commit()
      expect(await readFile(path.join(root, 'clerks/c4/uploads/t1/a/first.wav'), 'utf8')).toBe('RIFF')
    } finally {
      vi.useRealTimers()
    }
  }, 60_000)
})

describe('the storage sweep task', () => {
  afterEach(() => vi.useRealTimers())

  it('sweeps when the server starts and at each quarter-hourly run: what a crash left goes within the hour', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-sweep-'))
    const files = path.join(dataDir, 'files')
    await leftFile(path.join(files, '.tmp/crashed-before-start.partial'), STALE_UPLOAD_AGE_MS + HOUR)
    await mkdir(path.join(files, 'clerks/c1/templates/refused-before-start'), { recursive: true })
    await leftFile(path.join(files, 'clerks/c1/templates/t1/kept.pdf'), 0)

    // Only the timer and the clock are faked; the sweep's file work is real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const t = await createTestApp({ dataDir }, { scheduledTasks: true })
    try {
      await t.app.ready()
      await expect.poll(() => tree(files)).toEqual(['.tmp/', 'clerks/', 'clerks/c1/', 'clerks/c1/templates/', 'clerks/c1/templates/t1/', 'clerks/c1/templates/t1/kept.pdf'])

      // A process that shares the storage crashed this moment, half-way through an upload.
      const crashedAt = Date.now()
      await leftFile(path.join(files, '.tmp/crashed-while-running.partial'), 0)
      // Each quarter of an hour the schedule sends a run: a job on the sweep's queue.
      for (let quarter = 1; quarter <= 4 && (await tree(path.join(files, '.tmp'))).length > 0; quarter += 1) {
        vi.advanceTimersByTime(STORAGE_SWEEP_INTERVAL_MS)
        await runScheduledTask(t, 'storage-sweep')
      }
      expect(await tree(path.join(files, '.tmp'))).toEqual([])
      // Due after STALE_UPLOAD_AGE_MS + STORAGE_SWEEP_INTERVAL_MS (25 minutes) at most.
      expect(Date.now() - crashedAt).toBeLessThan(HOUR)
    } finally {
      await t.app.close()
    }
  }, 60_000)
})
