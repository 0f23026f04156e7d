// readFilesForm on real multipart requests (Fastify with @fastify/multipart, real local storage): files
// of several fields received in the order sent, parts of other file fields drained unread, a field's one
// file too many refused with its words, and on any failure (too many, a refused file, a client gone)
// every file received so far taken back: nothing stays in storage, uploads in progress included.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandler } from '../../src/plugins/error-handler.ts'
import { createLocalStorage } from '../../src/storage/local-storage.ts'
import type { FileStorage } from '../../src/storage/file-storage.ts'
import { readFilesForm, undoAll } from '../../src/uploads/multipart-form.ts'
import { receiveUpload } from '../../src/uploads/receive-upload.ts'
import { multipart } from '../support/test-app.ts'

const TEXTS = { wrongType: 'Only txt notes are allowed.', wrongContent: 'That is not a note.', tooLarge: 'That note is too long.' }
const REQUIRED = 'Please send a form.'

describe('readFilesForm', () => {
  let root: string
  let storage: FileStorage
  let app: FastifyInstance
  /** What the route did with the form it read: kept (committed) or taken back by the caller. */
  let afterRead: 'keep' | 'undo' = 'keep'

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-files-form-'))
    storage = createLocalStorage(root)
    app = Fastify({ logger: false })
    await app.register(fastifyMultipart)
    registerErrorHandler(app)
    const rule = (field: string, maxFiles: number) => ({
      maxFiles,
      tooMany: `At most ${maxFiles} ${field} files, please.`,
      receive: (part: Parameters<Parameters<typeof readFilesForm>[1]['fileFields'][string]['receive']>[0]) =>
        receiveUpload(storage, part, { folder: `form/${field}`, allowed: ['txt'], maxBytes: 1024, fallbackName: 'note', texts: TEXTS }),
    })
    app.post('/form', async (request) => {
      const form = await readFilesForm(request, { fileFields: { notes: rule('notes', 3), photos: rule('photos', 1) }, maxFileBytes: 1024, maxFields: 5, requiredText: REQUIRED })
      if (afterRead === 'undo') await undoAll(form.files)
      else await Promise.all([...form.files.values()].flat().map((file) => file.commit()))
      return { fields: Object.fromEntries(form.fields), files: Object.fromEntries([...form.files].map(([field, files]) => [field, files.map((file) => file.fileName)])) }
    })
  })
  afterAll(async () => {
    await app.close()
    await rm(root, { recursive: true, force: true })
  })

  const stored = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort()
  const note = (name: string, field = 'notes', content = 'Kitchen: clean.') => ({ name: field, filename: name, content })
  const post = (fields: Record<string, string>, files: ReturnType<typeof note>[]) => app.inject({ method: 'POST', url: '/form', ...multipart(fields, files) })
  const clear = () => rm(root, { recursive: true, force: true })

  it('reads the text fields and each field’s files in the order sent, and drains parts of other file fields unread', async () => {
    await clear()
    afterRead = 'keep'
    const response = await post({ report: '3' }, [note('a.txt'), note('stray.txt', 'unknown'), note('p.txt', 'photos'), note('b.txt'), note('c.txt')])
    expect(response.json()).toEqual({ fields: { report: '3' }, files: { notes: ['a.txt', 'b.txt', 'c.txt'], photos: ['p.txt'] } })
    expect(await stored()).toEqual(['a.txt', 'b.txt', 'c.txt', 'p.txt'])
  })

  it('refuses one file too many in a field with that field’s words, and takes back every file received', async () => {
    await clear()
    const notes = await post({}, [note('a.txt'), note('b.txt'), note('c.txt'), note('d.txt')])
    expect({ status: notes.statusCode, body: notes.json() }).toEqual({ status: 400, body: { detail: 'At most 3 notes files, please.', code: 'invalid_input' } })
    const photos = await post({}, [note('a.txt'), note('p.txt', 'photos'), note('q.txt', 'photos')])
    expect(photos.json()).toEqual({ detail: 'At most 1 photos files, please.', code: 'invalid_input' })
    expect(await stored()).toEqual([])
  })

  it('takes back the files received before a refused one (type, content, size)', async () => {
    await clear()
    for (const [bad, status, detail] of [
      [note('d.pdf'), 400, TEXTS.wrongType],
      [note('d.txt', 'notes', ''), 400, TEXTS.wrongContent],
      [note('d.txt', 'notes', 'x'.repeat(2000)), 413, TEXTS.tooLarge],
    ] as const) {
      const response = await post({}, [note('a.txt'), note('p.txt', 'photos'), bad])
      expect({ status: response.statusCode, detail: response.json().detail }).toEqual({ status, detail })
    }
    expect(await stored()).toEqual([])
  })

  it('takes back every file when the client goes away mid-file', async () => {
    await clear()
    const { payload, headers } = multipart({}, [note('a.txt'), note('b.txt', 'notes', 'y'.repeat(900))])
    const body = new PassThrough()
    // Everything up to the middle of the second file, then the connection breaks.
    body.write(payload.subarray(0, payload.indexOf('yyyy') + 100))
    setImmediate(() => body.destroy(new Error('aborted: the client went away')))
    await app.inject({ method: 'POST', url: '/form', headers, payload: body }).catch(() => undefined)
    await expect.poll(stored).toEqual([])
  })

  it('lets the caller take the files back after reading them (a refusal of its fields)', async () => {
    await clear()
    afterRead = 'undo'
    const response = await post({}, [note('a.txt'), note('p.txt', 'photos')])
    expect(response.statusCode).toBe(200)
    expect(await stored()).toEqual([])
  })

  it('refuses a request that is not multipart with the caller’s words', async () => {
    const response = await app.inject({ method: 'POST', url: '/form', payload: { notes: 'a.txt' } })
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { detail: REQUIRED, code: 'file_required' } })
  })
})
