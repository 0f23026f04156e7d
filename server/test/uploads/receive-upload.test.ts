// The uploads module receiving real streams into real local storage: a real recording passes and is
// measured while it streams; a renamed text file, a wrong extension and a file over its limit are
// refused with their codes and the caller's words, and leave nothing in storage.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureAudioSeconds } from '../../src/audio/measure-duration.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { SEED_ALLOWED_FILE_TYPES } from '../../src/db/seed-data.ts'
import { HttpError } from '../../src/http-error.ts'
import { createLocalStorage } from '../../src/storage/local-storage.ts'
import type { FileStorage } from '../../src/storage/file-storage.ts'
import { receiveUpload, type UploadRules } from '../../src/uploads/receive-upload.ts'
import { AUDIO_SAMPLES } from '../support/audio-samples.ts'

const TEXTS = { wrongType: 'Only audio files are allowed', wrongContent: 'That is not a recording.', tooLarge: 'The recording is too large.' }

/** The bytes as a client sends them: in 16 KB chunks. */
function sent(bytes: Buffer): Readable {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 16384) }, (_, i) => bytes.subarray(i * 16384, (i + 1) * 16384))
  return Readable.from(chunks)
}

describe('receiveUpload', () => {
  let root: string
  let storage: FileStorage
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-receive-'))
    storage = createLocalStorage(root)
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  const stored = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  const rules = (overrides: Partial<UploadRules<number | null>> = {}): UploadRules<number | null> => ({
    folder: 'clerks/c1/jobs/upload-1/audio',
    allowed: SEED_ALLOWED_FILE_TYPES.audio,
    maxBytes: 1024 * 1024,
    fallbackName: 'recording',
    texts: TEXTS,
    ...overrides,
  })
  const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: unknown) => (error instanceof HttpError ? [error.statusCode, error.code, error.detail] : error))

  it('receives a real recording, measures it while it streams, and stores exactly its bytes on commit', async () => {
    const wav = toneWav(3)
    const upload = await receiveUpload(storage, { filename: 'Kitchen.wav', file: sent(wav) }, rules({ measure: measureAudioSeconds }))
    expect({ fileName: upload.fileName, size: upload.size, measured: upload.measured }).toEqual({ fileName: 'Kitchen.wav', size: wav.length, measured: 3 })
    expect(await storage.size(upload.key)).toBeNull() // not at its key before the commit
    await upload.commit()
    expect(await readFile(path.join(root, upload.key))).toEqual(wav)
    await upload.undo()
    expect(await stored()).toEqual([])
  })

  it('passes a real file of every allowed audio type', async () => {
    const refused: string[] = []
    for (const extension of SEED_ALLOWED_FILE_TYPES.audio) {
      const upload = await receiveUpload(storage, { filename: `room.${extension}`, file: sent(AUDIO_SAMPLES[extension]!) }, rules()).catch(() => null)
      if (!upload) refused.push(extension)
      await upload?.undo()
    }
    expect(refused).toEqual([])
  })

  it('refuses a renamed text file, a wrong extension and a file over its limit, and keeps nothing', async () => {
    const text = Buffer.from('Kitchen: worktops clean.\n'.repeat(100))
    expect(await refusal(receiveUpload(storage, { filename: 'notes.mp3', file: sent(text) }, rules()))).toEqual([400, 'file_content_refused', TEXTS.wrongContent])
    expect(await refusal(receiveUpload(storage, { filename: 'notes.wav', file: sent(text) }, rules({ measure: measureAudioSeconds })))).toEqual([400, 'file_content_refused', TEXTS.wrongContent])
    expect(await refusal(receiveUpload(storage, { filename: 'notes.txt', file: sent(text) }, rules()))).toEqual([400, 'file_type_refused', TEXTS.wrongType])
    expect(await refusal(receiveUpload(storage, { filename: 'long.wav', file: sent(toneWav(200)) }, rules({ measure: measureAudioSeconds })))).toEqual([413, 'file_too_large', TEXTS.tooLarge])
    expect(await refusal(receiveUpload(storage, { filename: 'empty.wav', file: sent(Buffer.alloc(0)) }, rules()))).toEqual([400, 'file_content_refused', TEXTS.wrongContent])
    expect(await stored()).toEqual([])
  })

  it('stores the whole file when the measurer stops early, and waits for a slow one', async () => {
    const wav = toneWav(60) // 480 KB: many chunks after the measurer is done
    const early = await receiveUpload(storage, { filename: 'early.wav', file: sent(wav) }, rules({ measure: async (stream) => {
      const first: Buffer = await new Promise((resolve) => stream.once('data', resolve))
      stream.destroy()
      return first.length
    } }))
    expect([early.size, early.measured]).toEqual([wav.length, 16384])
    await early.undo()

    // One that reads nothing at all and answers at once (it knows enough from the name, say).
    const idle = await receiveUpload(storage, { filename: 'idle.wav', file: sent(wav) }, rules({ measure: async () => null }))
    expect([idle.size, idle.measured]).toEqual([wav.length, null])
    await idle.undo()

    // A measurer that reads one chunk at a time, each after the next turn of the event loop.
    const slow = await receiveUpload(storage, { filename: 'slow.wav', file: sent(wav) }, rules({ measure: async (stream) => {
      let bytes = 0
      for await (const chunk of stream) {
        bytes += (chunk as Buffer).length
        await new Promise((resolve) => setImmediate(resolve))
      }
      return bytes
    } }))
    expect([slow.size, slow.measured]).toEqual([wav.length, wav.length])
    await slow.undo()
    expect(await stored()).toEqual([])
  })

  it('refuses the file as not what it claims when the measurer fails mid-upload, and keeps nothing', async () => {
    // The measurer fails on its first chunk while most of the file is still on its way to storage:
    // the upload settles with the caller's words (an unhandled rejection would fail this run).
    const failing = receiveUpload(storage, { filename: 'broken.wav', file: sent(toneWav(60)) }, rules({ measure: async (stream) => {
      await new Promise((resolve) => stream.once('data', resolve))
      throw new Error('cannot read this recording')
    } }))
    expect(await refusal(failing)).toEqual([400, 'file_content_refused', TEXTS.wrongContent])
    expect(await stored()).toEqual([]) // nothing at its key, nothing left in storage's .tmp
  })
})
