// The cases every FileStorage passes, whatever keeps the files: run on local disk
// (file-storage.test.ts) and on S3-compatible object storage (s3-storage.s3.test.ts). They look at the
// storage through its interface and through what the implementation says is stored and pending, so
// a refused, broken or discarded upload is seen to leave nothing behind.
import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FileTooLargeError, saveStream, type FileStorage } from '../../src/storage/file-storage.ts'
import { STALE_UPLOAD_AGE_MS } from '../../src/tasks/storage-sweep.ts'

export interface StorageUnderTest {
  storage: FileStorage
  /** Every stored file's key, sorted (not the uploads in progress). */
  storedKeys(): Promise<string[]>
  /** How many uploads are begun and neither committed nor discarded. */
  pendingUploads(): Promise<number>
}

/** A stream of `chunks`, then the error a client's disconnect gives. */
export function brokenStream(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks
      throw new Error('aborted: the client went away')
    })(),
  )
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const MiB = 1024 * 1024

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * `sizeAcrossParts`: a file size that takes several of the storage's parts (object storage sends a
 * file in parts of a fixed size); local disk has no parts, and takes the same size in one go.
 */
export function fileStorageSuite(label: string, make: () => Promise<StorageUnderTest>, { sizeAcrossParts }: { sizeAcrossParts: number }) {
  describe(`file storage: ${label}`, () => {
    let t: StorageUnderTest
    beforeEach(async () => {
      t = await make()
    })

    it('shows nothing at the key until the commit, then exactly the bytes sent, byte for byte', async () => {
      // Uneven chunks, so part boundaries fall inside them.
      const sent = randomBytes(sizeAcrossParts)
      const chunks: Buffer[] = []
      for (let offset = 0; offset < sent.length; offset += 700_001) chunks.push(sent.subarray(offset, offset + 700_001))
      const upload = await t.storage.beginUpload('clerks/c1/jobs/7/audio/kitchen.wav', { maxBytes: sizeAcrossParts })
      const written = await upload.write(Readable.from(chunks))
      expect(written.size).toBe(sent.length)
      expect(written.head.equals(sent.subarray(0, 4096))).toBe(true)
      expect(await t.storage.size('clerks/c1/jobs/7/audio/kitchen.wav')).toBeNull()
      expect(await t.storage.open('clerks/c1/jobs/7/audio/kitchen.wav')).toBeNull()
      expect(await t.storedKeys()).toEqual([])
      expect(await t.pendingUploads()).toBe(1)

      await upload.commit()
      expect(await t.storedKeys()).toEqual(['clerks/c1/jobs/7/audio/kitchen.wav'])
      expect(await t.pendingUploads()).toBe(0)
      expect(await t.storage.size('clerks/c1/jobs/7/audio/kitchen.wav')).toBe(sent.length)
      const opened = await t.storage.open('clerks/c1/jobs/7/audio/kitchen.wav')
      expect(opened!.size).toBe(sent.length)
      expect(sha256(await bytesOf(opened!.stream))).toBe(sha256(sent))
      // A discard after the commit keeps the file.
      await upload.discard()
      expect(await t.storage.size('clerks/c1/jobs/7/audio/kitchen.wav')).toBe(sent.length)
    })

    it('stores an empty file', async () => {
      const saved = await saveStream(t.storage, 'clerks/c1/notes/empty.txt', Readable.from([]), 1024)
      expect(saved).toEqual({ size: 0, head: Buffer.alloc(0) })
      expect(await t.storage.size('clerks/c1/notes/empty.txt')).toBe(0)
      expect((await bytesOf((await t.storage.open('clerks/c1/notes/empty.txt'))!.stream)).length).toBe(0)
    })

    it('reads byte ranges, inclusive, with the whole size, across the parts', async () => {
      const sent = randomBytes(sizeAcrossParts)
      await saveStream(t.storage, 'clerks/c1/jobs/8/audio/hall.m4a', Readable.from([sent]), sizeAcrossParts)
      const middle = Math.floor(sizeAcrossParts / 2)
      for (const range of [{ start: 0, end: 0 }, { start: middle - 1000, end: middle + 1000 }, { start: 5 * MiB - 3, end: 5 * MiB + 3 }, { start: sent.length - 10, end: sent.length - 1 }]) {
        const part = await t.storage.open('clerks/c1/jobs/8/audio/hall.m4a', range)
        expect(part!.size).toBe(sent.length)
        expect((await bytesOf(part!.stream)).equals(sent.subarray(range.start, range.end + 1))).toBe(true)
      }
      expect(await t.storage.open('clerks/c1/jobs/8/audio/missing.m4a', { start: 0, end: 1 })).toBeNull()
      expect(await t.storage.size('clerks/c1/jobs/8/audio/missing.m4a')).toBeNull()
    })

    it('leaves nothing when the stream breaks half-way, when the file grows too large while streaming, or when the upload is discarded', async () => {
      const broken = await t.storage.beginUpload('clerks/c1/a/broken.wav', { maxBytes: sizeAcrossParts })
      await expect(broken.write(brokenStream([randomBytes(3 * MiB), randomBytes(3 * MiB)]))).rejects.toThrow('aborted: the client went away')
      await broken.discard()

      // Refused only once more than the limit arrived: after several MiB were already stored.
      const tooLarge = await t.storage.beginUpload('clerks/c1/b/big.wav', { maxBytes: sizeAcrossParts - 1 })
      await expect(tooLarge.write(Readable.from([randomBytes(3 * MiB), randomBytes(3 * MiB), randomBytes(sizeAcrossParts - 6 * MiB)]))).rejects.toBeInstanceOf(FileTooLargeError)
      await expect(saveStream(t.storage, 'clerks/c1/b/small-limit.wav', Readable.from([randomBytes(2048)]), 1024)).rejects.toBeInstanceOf(FileTooLargeError)
      await expect(saveStream(t.storage, 'clerks/c1/c/broken.wav', brokenStream([randomBytes(1024)]), 4096)).rejects.toThrow('aborted: the client went away')

      const refused = await t.storage.beginUpload('clerks/c1/d/refused.pdf', { maxBytes: 4096 })
      await refused.write(Readable.from([Buffer.from('MZ not a pdf')]))
      await refused.discard()
      await refused.discard()
      await expect(refused.commit()).rejects.toThrow('only a written upload can be committed (clerks/c1/d/refused.pdf is discarded)')

      const neverWritten = await t.storage.beginUpload('clerks/c1/e/never.pdf', { maxBytes: 4096 })
      await neverWritten.discard()

      expect(await t.storedKeys()).toEqual([])
      expect(await t.pendingUploads()).toBe(0)
    })

    it('says it is ready to take writes (GET /api/health/ready asks it)', async () => {
      await expect(t.storage.ready()).resolves.toBeUndefined()
    })

    it('keeps a key inside the storage', async () => {
      for (const key of ['.tmp/x.partial', '../outside', 'a/../../outside']) {
        await expect(t.storage.beginUpload(key, { maxBytes: 10 })).rejects.toThrow(`storage key outside the storage folder: ${key}`)
      }
    })

    it('hands a committed file to a tool as a path on local disk, and refuses a key with no file', async () => {
      const bytes = randomBytes(10_000)
      await saveStream(t.storage, 'clerks/c1/uploads/t1/a/kitchen.m4a', Readable.from([bytes]), 1024 * 1024)
      const read = await t.storage.withLocalFile('clerks/c1/uploads/t1/a/kitchen.m4a', async (filePath) => {
        expect(filePath).toMatch(/kitchen\.m4a$/)
        return readFile(filePath)
      })
      expect(read.equals(bytes)).toBe(true)
      const pending = await t.storage.beginUpload('clerks/c1/uploads/t1/b/hall.m4a', { maxBytes: 1024 })
      await pending.write(Readable.from([Buffer.from('ftyp')]))
      const use = vi.fn(async () => 'used')
      await expect(t.storage.withLocalFile('clerks/c1/uploads/t1/b/hall.m4a', use)).rejects.toThrow('no stored file at clerks/c1/uploads/t1/b/hall.m4a')
      await expect(t.storage.withLocalFile('clerks/c1/uploads/t1/a', use)).rejects.toThrow('no stored file at clerks/c1/uploads/t1/a')
      expect(use).not.toHaveBeenCalled()
      await pending.discard()
    })

    it('removes a file, and everything under a prefix but nothing beside it', async () => {
      const save = (key: string) => saveStream(t.storage, key, Readable.from([Buffer.from(`%PDF-${key}`)]), 4096)
      const clerkFiles = Array.from({ length: 7 }, (_, i) => `clerks/c1/templates/t${i}/report ${i}.pdf`)
      for (const key of [...clerkFiles, 'clerks/c1/jobs/1/audio/a.wav', 'clerks/c10/templates/t1/kept.pdf', 'clerks/c2/templates/t1/kept.pdf']) await save(key)
      await t.storage.remove('clerks/c1/jobs/1/audio/a.wav')
      await t.storage.remove('clerks/c1/jobs/1/audio/a.wav') // already gone: no error
      await t.storage.removePrefix('clerks/c1/')
      expect(await t.storedKeys()).toEqual(['clerks/c10/templates/t1/kept.pdf', 'clerks/c2/templates/t1/kept.pdf'])
      expect(await text((await t.storage.open('clerks/c10/templates/t1/kept.pdf'))!.stream)).toBe('%PDF-clerks/c10/templates/t1/kept.pdf')
    })

    it('never sweeps a pending upload a live process holds, nor a stored file', async () => {
      await saveStream(t.storage, 'clerks/c1/templates/t1/report.pdf', Readable.from([Buffer.from('%PDF-kept')]), 4096)
      const waiting = await t.storage.beginUpload('clerks/c3/jobs/1/audio/live.wav', { maxBytes: 4096 })
      await waiting.write(Readable.from([Buffer.from('RIFF')]))
      expect((await t.storage.sweep({ staleBefore: new Date(Date.now() - STALE_UPLOAD_AGE_MS) })).staleUploads).toBe(0)
      await waiting.commit()
      expect(await t.storedKeys()).toEqual(['clerks/c1/templates/t1/report.pdf', 'clerks/c3/jobs/1/audio/live.wav'])
    })
  })
}
