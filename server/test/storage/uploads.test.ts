// Uploads through the real routes leave nothing behind: a refused upload, an upload whose client goes
// away half-way, and a deleted template leave no file and no empty folder; a kept file is exactly the
// bytes sent. Files are real, in the app's data folder; the disconnect is a real socket closed mid-body.
import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { connect } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const PDF = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0)])

describe('uploads leave nothing behind', () => {
  let t: TestApp
  let token: string
  const email = 'uma.uploads@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    token = (await signIn(t, email)).token
  })
  afterAll(() => t.app.close())

  const filesRoot = () => path.join(t.app.config.dataDir, 'files')
  /** Every file and folder under the storage folder, as relative paths. */
  const tree = async () =>
    (await readdir(filesRoot(), { recursive: true, withFileTypes: true }).catch(() => []))
      .map((entry) => path.relative(filesRoot(), path.join(entry.parentPath, entry.name)) + (entry.isDirectory() ? '/' : ''))
      .sort()
  /** What would stay behind for good: anything but the (empty) folder of uploads in progress. */
  const leftovers = async () => (await tree()).filter((entry) => entry !== '.tmp/')
  const uploadTemplate = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(fields, files)
    return t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...headers, ...bearer(token) }, payload })
  }

  it('keeps no file and no folder of a refused template', async () => {
    const refusals = [
      await uploadTemplate({ template_name: 'Wrong type' }, [{ name: 'template_file', filename: 'run.exe', content: EXE }]),
      await uploadTemplate({ template_name: 'Disguised' }, [{ name: 'template_file', filename: 'report.pdf', content: EXE }]),
      await uploadTemplate({ template_name: 'Empty' }, [{ name: 'template_file', filename: 'empty.pdf', content: '' }]),
      await uploadTemplate({ template_name: 'Huge' }, [{ name: 'template_file', filename: 'huge.pdf', content: PDF(20 * 1024 * 1024) }]),
      // The file was fine; the name that followed it was not.
      await uploadTemplate({}, [{ name: 'template_file', filename: 'nameless.pdf', content: PDF(2048) }]),
    ]
    expect(refusals.map((r) => [r.statusCode, r.json().detail])).toEqual([
      [400, 'Only doc, docx, odt, pdf, rtf, txt files are allowed'],
      [400, 'The file’s content does not match its type. Please upload a real document.'],
      [400, 'The file’s content does not match its type. Please upload a real document.'],
      [413, 'The template is larger than 20 MB.'],
      [400, 'Please enter a template name'],
    ])
    expect(await leftovers()).toEqual([])
  })

  it('keeps no file and no folder of a refused transcript', async () => {
    const [, , inProgress] = await createDemoJobsFor(t, email, 3)
    const before = await tree()
    const { payload, headers } = multipart({}, [{ name: 'file', filename: 'report.pdf', content: EXE }])
    const refused = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${inProgress}/transcripts`, headers: { ...headers, ...opsHeaders(t) }, payload })
    expect(refused.json()).toEqual({ detail: 'The file’s content does not match its type.', code: 'file_content_refused' })
    expect(await tree()).toEqual(before)
  })

  it('keeps exactly the bytes sent, and nothing of the template once it is deleted', async () => {
    await t.app.inject({ method: 'POST', url: '/api/ops/demo-jobs', headers: opsHeaders(t), payload: { email, count: 1 } })
    const before = await tree()
    const sent = PDF(3 * 1024 * 1024 + 17)
    expect((await uploadTemplate({ template_name: 'Exact' }, [{ name: 'template_file', filename: 'Exact.pdf', content: sent }])).statusCode).toBe(200)
    const [template] = (await t.app.inject({ method: 'GET', url: '/api/clerk-template', headers: bearer(token) })).json()
    const download = await t.app.inject({ method: 'GET', url: `/api/files/11/${template.template_file.split('/').map(encodeURIComponent).join('/')}`, headers: bearer(token) })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(sent)).toBe(true)
    expect((await tree()).filter((entry) => entry.startsWith('.tmp/') && entry !== '.tmp/')).toEqual([])

    expect((await t.app.inject({ method: 'DELETE', url: `/api/clerk-template/${template.id}`, headers: bearer(token) })).statusCode).toBe(200)
    expect(await tree()).toEqual(before)
  })

  it('keeps one file of two templates sent at once, and nothing of the one refused', async () => {
    const before = await tree()
    const [first, second] = await Promise.all([
      uploadTemplate({ template_name: 'First' }, [{ name: 'template_file', filename: 'first.pdf', content: PDF(256 * 1024) }]),
      uploadTemplate({ template_name: 'Second' }, [{ name: 'template_file', filename: 'second.pdf', content: PDF(256 * 1024) }]),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    const [template] = (await t.app.inject({ method: 'GET', url: '/api/clerk-template', headers: bearer(token) })).json()
    const added = (await tree()).filter((entry) => !before.includes(entry))
    expect(added.filter((entry) => !entry.endsWith('/'))).toEqual([template.template_file])
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clerk-template/${template.id}`, headers: bearer(token) })).statusCode).toBe(200)
    expect(await tree()).toEqual(before)
  })

  it('keeps nothing of an upload whose client goes away half-way', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const before = await tree()
    const boundary = 'halfway-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="template_name"\r\n\r\nHalf\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="template_file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    )
    const socket = connect({ port: Number(port), host: '127.0.0.1' })
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /api/clerk-template/create/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 10 * 1024 * 1024}\r\n\r\n`,
    )
    socket.write(head)
    socket.write(PDF(512 * 1024))
    // The upload has begun: its bytes are on disk somewhere under the storage folder.
    await expect.poll(async () => (await tree()).filter((entry) => !entry.endsWith('/') && !before.includes(entry)).length, { timeout: 10_000 }).toBe(1)
    socket.destroy()
    await expect.poll(tree, { timeout: 10_000 }).toEqual(before)
  })
})
