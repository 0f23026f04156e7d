// The storage interface on real files: the cases every storage passes (file-storage-suite.ts, also run
// on object storage), and what is particular to local disk: folders made on commit and removed with
// their last file, and the sweep removes what a crash left (stale uploads, empty folders) and nothing else,
// at the server's start and every quarter of an hour. A pending upload its process still holds is
// kept fresh, so the sweep never takes it however long it waits; one whose process died goes within
// the hour (issue 24 item 7).
import { mkdir, mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveStream, type FileStorage } from '../../src/storage/file-storage.ts'
import { createLocalStorage, PENDING_UPLOAD_KEEP_ALIVE_MS, UPLOADS_IN_PROGRESS_FOLDER } from '../../src/storage/local-storage.ts'
import { STALE_UPLOAD_AGE_MS, STORAGE_SWEEP_INTERVAL_MS } from '../../src/tasks/storage-sweep.ts'
import { createTestApp, runScheduledTask } from '../support/test-app.ts'
import { fileStorageSuite } from './file-storage-suite.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Every file and folder under `root`, as relative paths (folders end with "/"). */
async function tree(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)) + (entry.isDirectory() ? '/' : ''))
    .sort()
}

/** Writes a file as a crash would leave it, last written `ageMs` ago. */
async function leftFile(full: string, ageMs: number, content = 'partial bytes'): Promise<void> {
  await mkdir(path.dirname(full), { recursive: true })
  await writeFile(full, content)
  const when = new Date(Date.now() - ageMs)
  await utimes(full, when, when)
}

/** Stored files (and any empty folder, which should never stay), outside the uploads in progress. */
async function storedOnDisk(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const relative = entries.map((entry) => ({ entry, name: path.relative(root, path.join(entry.parentPath, entry.name)) }))
  const kept = await Promise.all(
    relative
      .filter(({ name }) => name !== UPLOADS_IN_PROGRESS_FOLDER && !name.startsWith(`${UPLOADS_IN_PROGRESS_FOLDER}/`))
      .map(async ({ entry, name }) => {
        if (!entry.isDirectory()) return [name]
        return (await readdir(path.join(root, name))).length === 0 ? [`${name}/`] : []
      }),
  )
  return kept.flat().sort()
}

fileStorageSuite(
  'local disk',
  async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-storage-'))
    return {
      storage: createLocalStorage(root),
      storedKeys: () => storedOnDisk(root),
      pendingUploads: async () => (await readdir(path.join(root, UPLOADS_IN_PROGRESS_FOLDER)).catch(() => [])).length,
    }
  },
  { sizeAcrossParts: 12 * 1024 * 1024 },
)

describe('file storage uploads on local disk', () => {
  let root: string
  let storage: FileStorage
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-storage-'))
    storage = createLocalStorage(root)
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
      const start = Date.now()
      for (let minutes = 0; minutes < 120; minutes += 1) {
        // To the keep-alive's next beat exactly: expect.poll below moves the faked clock on by its interval
        // (50 ms) each time it looks again, so a fixed step from there overshot the beat, and the beat's touch
        // was then older than the time waited for.
        const before = Date.now()
        vi.advanceTimersToNextTimer()
        expect(Date.now() - before).toBeLessThanOrEqual(PENDING_UPLOAD_KEEP_ALIVE_MS)
        // The keep-alive's touch is real file work: let this beat's land before the sweep looks, and before
        // the next beat, so no two touches are ever in flight to land out of order (waiting only for the
        // last beat's once let an older touch land after a newer one, and the file stayed two beats old).
        const beatDue = Date.now() - 1 // (file times are stored a little less exactly)
        await expect.poll(async () => (await stat(path.join(root, '.tmp', (await readdir(path.join(root, '.tmp')))[0]!))).mtimeMs).toBeGreaterThanOrEqual(beatDue)
        expect((await storage.sweep({ staleBefore: new Date(Date.now() - STALE_UPLOAD_AGE_MS) })).staleUploads).toBe(0)
      }
      expect(Date.now() - start).toBeGreaterThanOrEqual(120 * PENDING_UPLOAD_KEEP_ALIVE_MS)
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
