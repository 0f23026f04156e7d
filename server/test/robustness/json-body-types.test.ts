// A JSON body is taken as sent: a number where text is asked, text where a number is asked, or an
// array where an object is asked answers 400 naming the field, never a guess at what was meant
// (issue 24 item 8). A query string is text by nature, so its numbers are still read from text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('JSON bodies are not coerced', () => {
  let t: TestApp
  let token: string
  const email = 'json.types@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    ;({ token } = await signIn(t, email))
    await createDemoJobsFor(t, email, 1)
  })
  afterAll(() => t.app.close())

  const json = (method: 'POST' | 'PUT', url: string, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: body, headers: { 'content-type': 'application/json', ...headers } })
  const answer = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()]

  it('refuses a number where text is asked', async () => {
    expect(answer(await json('POST', '/api/auth/forgot-password', '{"email": 5}'))).toEqual([400, { detail: 'body/email must be string', code: 'invalid_input' }])
    expect(answer(await json('POST', '/api/auth/login', '{"email": "a@example.com", "password": 12345678}'))).toEqual([
      400,
      { detail: 'body/password must be string', code: 'invalid_input' },
    ])
  })

  it('refuses an array where an object is asked', async () => {
    expect(answer(await json('POST', '/api/auth/forgot-password', '["a"]'))).toEqual([400, { detail: 'body must be object', code: 'invalid_input' }])
    expect(answer(await json('PUT', '/api/profile/update', '["a"]', bearer(token)))).toEqual([400, { detail: 'body must be object', code: 'invalid_input' }])
  })

  it('refuses text or a lone number where a list of numbers is asked', async () => {
    expect(answer(await json('POST', '/api/clerk/delete-jobs', '{"job_ids": ["1"]}', bearer(token)))).toEqual([400, { detail: 'body/job_ids/0 must be integer', code: 'invalid_input' }])
    expect(answer(await json('POST', '/api/clerk/delete-jobs', '{"job_ids": 1}', bearer(token)))).toEqual([400, { detail: 'body/job_ids must be array', code: 'invalid_input' }])
  })

  it('still reads numbers from a query string', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/clerk/dashboard?start=0&end=253402300799999', headers: bearer(token) })
    expect(response.statusCode).toBe(200)
  })
})
