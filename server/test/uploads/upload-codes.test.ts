// The codes the uploads module and the money module put beside the spec's words, through the real
// routes: the portal and the command line branch on these, never on the words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const PDF = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 0x20)])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0)])

describe('upload and money refusals carry their codes', () => {
  let t: TestApp
  let token: string
  const email = 'cody.codes@example.com'
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    token = (await signIn(t, email)).token
  })
  afterAll(() => t.app.close())

  const template = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(fields, files)
    return t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...headers, ...bearer(token) }, payload })
  }
  const answer = (response: { statusCode: number; json(): unknown }) => [response.statusCode, response.json()]

  it('answers a refused template with its code', async () => {
    expect(answer(await template({ template_name: 'T' }, [{ name: 'template_file', filename: 'run.exe', content: EXE }]))).toEqual([
      400,
      { detail: 'Only doc, docx, odt, pdf, rtf, txt files are allowed', code: 'file_type_refused' },
    ])
    expect(answer(await template({ template_name: 'T' }, [{ name: 'template_file', filename: 'report.pdf', content: EXE }]))).toEqual([
      400,
      { detail: 'The file’s content does not match its type. Please upload a real document.', code: 'file_content_refused' },
    ])
    expect(answer(await template({ template_name: 'T' }, [{ name: 'template_file', filename: 'huge.pdf', content: PDF(20 * 1024 * 1024 + 1) }]))).toEqual([
      413,
      { detail: 'The template is larger than 20 MB.', code: 'file_too_large' },
    ])
    expect(answer(await template({ template_name: 'T' }, []))).toEqual([400, { detail: 'Please select a file to upload', code: 'file_required' }])
    expect(answer(await t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: bearer(token), payload: { template_name: 'T' } }))).toEqual([
      400,
      { detail: 'Please select a file to upload', code: 'file_required' },
    ])
    expect(answer(await template({ template_name: 'T' }, [{ name: 'template_file', filename: 'a.pdf', content: PDF(64) }]))[0]).toBe(200)
    expect(answer(await template({ template_name: 'U' }, [{ name: 'template_file', filename: 'b.pdf', content: PDF(64) }]))).toEqual([
      409,
      { detail: 'Template already exists. Remove it and add a new one', code: 'template_exists' },
    ])
  })

  it('answers a refused transcript with its code', async () => {
    const [, , inProgress] = await createDemoJobsFor(t, email, 3)
    const transcript = (files: Parameters<typeof multipart>[1]) => {
      const { payload, headers } = multipart({}, files)
      return t.app.inject({ method: 'POST', url: `/api/ops/jobs/${inProgress}/transcripts`, headers: { ...headers, ...opsHeaders(t) }, payload })
    }
    expect(answer(await transcript([{ name: 'file', filename: 'report.exe', content: EXE }]))).toEqual([
      400,
      { detail: 'A transcript must be one of: doc, docx, odt, pdf, rtf, txt.', code: 'file_type_refused' },
    ])
    expect(answer(await transcript([{ name: 'file', filename: 'report.pdf', content: EXE }]))).toEqual([400, { detail: 'The file’s content does not match its type.', code: 'file_content_refused' }])
    expect(answer(await transcript([{ name: 'other', filename: 'report.pdf', content: PDF(64) }]))).toEqual([
      400,
      { detail: 'Send the transcript as the multipart field "file".', code: 'file_required' },
    ])
  })

  it('answers an adjustment below zero with insufficient_credits', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ops/credits', headers: opsHeaders(t), payload: { email, amount: '-0.01', reason: 'Test' } })
    expect(answer(response)).toEqual([409, { detail: 'That would take the balance below zero (it is 0.00).', code: 'insufficient_credits' }])
  })
})
