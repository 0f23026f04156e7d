import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, multipart, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')])
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1024, 1)])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0)])

describe('templates', () => {
  let t: TestApp
  let alice: string
  let bob: string
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'alice@example.com')
    await signUpClerk(t, 'bob@example.com')
    alice = (await signIn(t, 'alice@example.com')).token
    bob = (await signIn(t, 'bob@example.com')).token
  })
  afterAll(() => t.app.close())

  const upload = (token: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(fields, files)
    return t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...headers, ...bearer(token) }, payload })
  }
  const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/clerk-template', headers: bearer(token) })
  const storedFiles = async () => {
    const root = path.join(t.app.config.dataDir, 'files')
    return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name)
  }

  it('starts with no template', async () => {
    expect((await list(alice)).json()).toEqual([])
  })

  it('refuses a wrong extension with the allowed list, and a renamed file whose content does not match', async () => {
    const wrongType = await upload(alice, { template_name: 'Script' }, [{ name: 'template_file', filename: 'run.exe', content: EXE }])
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toEqual({ detail: 'Only doc, docx, odt, pdf, rtf, txt files are allowed', code: 'file_type_refused' })
    const disguised = await upload(alice, { template_name: 'Disguised' }, [{ name: 'template_file', filename: 'report.pdf', content: EXE }])
    expect(disguised.statusCode).toBe(400)
    expect(disguised.json()).toEqual({ detail: 'The file’s content does not match its type. Please upload a real document.', code: 'file_content_refused' })
    expect(await storedFiles()).toEqual([])
  })

  it('asks for a name and a file', async () => {
    expect((await upload(alice, { template_name: ' ' }, [{ name: 'template_file', filename: 'a.pdf', content: PDF }])).json()).toEqual({ detail: 'Please enter a template name', code: 'invalid_input' })
    expect((await upload(alice, { template_name: 'No file' }, [])).json()).toEqual({ detail: 'Please select a file to upload', code: 'file_required' })
    expect(await storedFiles()).toEqual([])
  })

  it('refuses a file over 20 MB and keeps nothing of it', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)])
    const response = await upload(alice, { template_name: 'Huge' }, [{ name: 'template_file', filename: 'huge.pdf', content: big }])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: 'The template is larger than 20 MB.', code: 'file_too_large' })
    expect(await storedFiles()).toEqual([])
  })

  it('stores one template, lists it, and refuses a second', async () => {
    const response = await upload(alice, { template_name: 'Inventory Standard' }, [{ name: 'template_file', filename: 'My Report.pdf', content: PDF }])
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Template uploaded successfully', success: true })
    const [template] = (await list(alice)).json()
    expect(template).toEqual({ id: expect.any(Number), template_name: 'Inventory Standard', template_file: expect.stringMatching(/^clerks\/[0-9a-f-]+\/templates\/[0-9a-f-]+\/My Report\.pdf$/) })

    const second = await upload(alice, { template_name: 'Another' }, [{ name: 'template_file', filename: 'b.docx', content: DOCX }])
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({ detail: 'Template already exists. Remove it and add a new one', code: 'template_exists' })
    expect(await storedFiles()).toEqual(['My Report.pdf'])
  })

  it('serves the file to its owner only, with its base name, and never outside storage', async () => {
    const [template] = (await list(alice)).json()
    const url = `/api/files/11/${template.template_file.split('/').map(encodeURIComponent).join('/')}`
    const download = await t.app.inject({ method: 'GET', url, headers: bearer(alice) })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(`attachment; filename="My Report.pdf"; filename*=UTF-8''My%20Report.pdf`)
    expect(download.rawPayload.equals(PDF)).toBe(true)

    expect((await t.app.inject({ method: 'GET', url, headers: bearer(bob) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403)
    for (const sneaky of ['/api/files/11/../../pglite/PG_VERSION', '/api/files/11/%2e%2e/%2e%2e/secrets', '/api/files/99/anything', `/api/files/11/${template.template_file.replace('My Report', 'Other')}`]) {
      expect((await t.app.inject({ method: 'GET', url: sneaky, headers: bearer(alice) })).statusCode).toBe(404)
    }
  })

  it('lets no other clerk see or delete it (404), and deletes it with its file for the owner', async () => {
    const [template] = (await list(alice)).json()
    expect((await list(bob)).json()).toEqual([])
    const bobDeletes = await t.app.inject({ method: 'DELETE', url: `/api/clerk-template/${template.id}`, headers: bearer(bob) })
    expect(bobDeletes.statusCode).toBe(404)
    expect(bobDeletes.json()).toEqual({ detail: 'Not found', code: 'not_found' })

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/clerk-template/${template.id}`, headers: bearer(alice) })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ message: 'Deleted successfully', success: true })
    expect((await list(alice)).json()).toEqual([])
    expect(await storedFiles()).toEqual([])

    const notes = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(alice) })).json()
    expect(notes.map((n: { message: string }) => n.message).slice(0, 2)).toEqual(['Template "Inventory Standard" was removed.', 'Template "Inventory Standard" was added.'])

    // A new one may be added once the old one is gone.
    expect((await upload(alice, { template_name: 'Second go' }, [{ name: 'template_file', filename: 'b.docx', content: DOCX }])).statusCode).toBe(200)
  })
})
