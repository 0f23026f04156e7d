// The specific codes a client branches on, for the refusals the feature tests do not already compare
// whole (those tests compare `{detail, code}` themselves): transcripts refused by the operator call,
// a template sent without a file, and the rate limits of password reset and change-password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, signIn, signUpClerk, STRONG_PASSWORD, type TestApp } from './support/test-app.ts'

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0)])

describe('specific error codes', () => {
  let t: TestApp
  let submitted: number
  let inProgress: number
  const email = 'coded@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    ;[submitted, , inProgress] = (await createDemoJobsFor(t, email, 3)) as [number, number, number]
  })
  afterAll(() => t.app.close())

  const answer = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()]
  const sendTranscript = (jobId: number, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(fields, files)
    return t.app.inject({ method: 'POST', url: `/api/ops/jobs/${jobId}/transcripts`, headers: { ...headers, ...opsHeaders(t) }, payload })
  }

  it('names each refusal of a transcript', async () => {
    const required = { detail: 'Send the transcript as the multipart field "file".', code: 'file_required' }
    const notMultipart = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${inProgress}/transcripts`, headers: opsHeaders(t), payload: {} })
    expect(answer(notMultipart)).toEqual([400, required])
    expect(answer(await sendTranscript(inProgress, { note: 'no file' }, []))).toEqual([400, required])
    expect(answer(await sendTranscript(inProgress, {}, [{ name: 'file', filename: 'run.exe', content: EXE }]))).toEqual([
      400,
      { detail: 'A transcript must be one of: doc, docx, odt, pdf, rtf, txt.', code: 'file_type_refused' },
    ])
    expect(answer(await sendTranscript(submitted, {}, [{ name: 'file', filename: 'Report.txt', content: 'Kitchen: clean.\n' }]))).toEqual([
      409,
      {
        detail: `Job #${submitted} is Submitted; a transcript can be attached once the job is In Progress, Completed or Downloaded.`,
        code: 'job_state_conflict',
      },
    ])
  })

  it('names a template sent without its file', async () => {
    const { token } = await signIn(t, email)
    const asJson = await t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: bearer(token), payload: { template_name: 'No file' } })
    expect(answer(asJson)).toEqual([400, { detail: 'Please select a file to upload', code: 'file_required' }])
  })

  it('names the password-reset limit of one address', async () => {
    const forgot = (address: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address }, remoteAddress: '10.9.0.1' })
    // 20 requests an hour from one address (throttle.ts), each for another e-mail so no per-e-mail limit applies.
    for (let i = 0; i < 20; i++) expect((await forgot(`nobody.${i}@example.com`)).statusCode).toBe(200)
    expect(answer(await forgot('one.more@example.com'))).toEqual([
      429,
      { detail: 'Too many password reset requests. Please wait an hour and try again.', code: 'rate_limited' },
    ])
  })

  it('names a wrong current password, then the limit of wrong passwords', async () => {
    const { token } = await signIn(t, email)
    const change = () =>
      t.app.inject({ method: 'PUT', url: '/api/profile/change-password', headers: bearer(token), payload: { old_password: 'Wrong-Pass-1', new_password: STRONG_PASSWORD } })
    // Five wrong passwords for one e-mail in 15 minutes (the sign-in budget), then the limit.
    for (let i = 0; i < 5; i++) expect(answer(await change())).toEqual([400, { detail: { error: 'Current password is incorrect' }, code: 'wrong_current_password' }])
    expect(answer(await change())).toEqual([429, { detail: { error: 'Too many wrong passwords. Please wait 15 minutes and try again.' }, code: 'rate_limited' }])
  })
})
