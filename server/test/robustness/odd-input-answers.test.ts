// What a person (or a client program) reads when a request is odd: each refusal that used to be a
// server error, or the framework's own answer in its own shape, now answers 4xx in `{detail}` words,
// with the status's general `code`.
import { request as httpRequest } from 'node:http'
import { connect, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientErrorHandler } from '../../src/plugins/framework-answers.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('odd input answers', () => {
  let t: TestApp
  let token: string
  let userId: string
  let jobId: number
  const email = 'odd.input@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    ;({ token } = await signIn(t, email))
    userId = (await usersRepository.findByEmail(t.database.db, email))!.id
    ;[jobId] = (await createDemoJobsFor(t, email, 1)) as [number]
  })
  afterAll(() => t.app.close())

  const asClerk = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } })
  const answer = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()]

  it('refuses a NUL character in any text field, naming the field', async () => {
    expect(answer(await asClerk('PUT', '/api/profile/update', { address: 'Flat 1\u0000' }))).toEqual([400, { detail: 'body/address must not contain the NUL character (U+0000)', code: 'invalid_input' }])
    const note = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${jobId}/notes`, headers: opsHeaders(t), payload: { note: 'a\u0000b' } })
    expect(answer(note)).toEqual([400, { detail: 'body/note must not contain the NUL character (U+0000)', code: 'invalid_input' }])
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/signup-request', payload: { full_name: 'Nul', email: 'nul\u0000@example.com' } })
    expect(answer(signUp)).toEqual([400, { detail: 'body/email must not contain the NUL character (U+0000)', code: 'invalid_input' }])
    const form = multipart({ template_name: 'Check\u0000out' }, [{ name: 'template_file', filename: 'checkout.txt', content: 'Kitchen: clean.\n' }])
    const template = await asClerk('POST', '/api/clerk-template/create/', form.payload, form.headers)
    expect(answer(template)).toEqual([400, { detail: 'The template name must not contain the NUL character (U+0000)', code: 'invalid_input' }])
    const list = await t.app.inject({ method: 'GET', url: '/api/ops/jobs?clerk=a%00b', headers: opsHeaders(t) })
    expect(answer(list)).toEqual([400, { detail: 'querystring/clerk must not contain the NUL character (U+0000)', code: 'invalid_input' }])
  })

  it('refuses ids past PostgreSQL’s integer range', async () => {
    const note = await t.app.inject({ method: 'POST', url: '/api/ops/jobs/2147483648/notes', headers: opsHeaders(t), payload: { note: 'Hello' } })
    expect(answer(note)).toEqual([400, { detail: 'params/jobId must be <= 2147483647', code: 'invalid_input' }])
    expect(answer(await asClerk('DELETE', '/api/clerk-template/2147483648'))).toEqual([400, { detail: 'params/id must be <= 2147483647', code: 'invalid_input' }])
    expect(answer(await asClerk('PUT', '/api/notification/mark-read', '{"notification_ids":[9007199254740993]}', { 'content-type': 'application/json' }))).toEqual([
      400,
      { detail: 'body/notification_ids/0 must be <= 2147483647', code: 'invalid_input' },
    ])
    expect(answer(await asClerk('POST', '/api/clerk/delete-jobs', { job_ids: [2147483648] }))).toEqual([400, { detail: 'body/job_ids/0 must be <= 2147483647', code: 'invalid_input' }])
    // The largest id is still a plain "not found".
    expect(answer(await asClerk('DELETE', '/api/clerk-template/2147483647'))).toEqual([404, { detail: 'Not found', code: 'not_found' }])
  })

  it('refuses dates past the year 9999 and numbers too large to hold', async () => {
    expect(answer(await asClerk('GET', '/api/clerk/dashboard?start=0&end=8640000000000001'))).toEqual([400, { detail: 'querystring/end must be <= 253402300799999', code: 'invalid_input' }])
    expect(answer(await asClerk('GET', '/api/clerk/dashboard?start=0&end=1e400'))).toEqual([400, { detail: 'querystring/end must be a number within range', code: 'invalid_input' }])
    const ok = await asClerk('GET', '/api/clerk/dashboard?start=0&end=253402300799999')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toHaveLength(1)
    const huge = await t.app.inject({ method: 'POST', url: '/api/ops/demo-jobs', headers: { ...opsHeaders(t), 'content-type': 'application/json' }, payload: `{"email":"${email}","count":1e400}` })
    expect(answer(huge)).toEqual([400, { detail: 'body/count must be integer', code: 'invalid_input' }])
  })

  it('answers a signed token whose session id is not a UUID like any other bad token', async () => {
    for (const claims of [
      { userId, sessionId: 'not-a-uuid' },
      { userId: 'not-a-uuid', sessionId: '7d3f6a52-1c1e-4b7a-9d55-2f1c1e0b9a11' },
    ]) {
      const forged = await t.app.accessTokens.sign({ ...claims, role: 'CLERK' })
      const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(forged) })
      expect(answer(profile)).toEqual([403, { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }])
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(forged) })
      expect(logout.statusCode).toBe(200)
    }
  })

  it('answers 404 for a download path with a NUL character or a broken %-escape', async () => {
    for (const path of ['a%00b.wav', 'clerks/%00/x.wav', '%E0%A4%A', 'clerks/%ED%A0%80/x.wav']) {
      expect(answer(await asClerk('GET', `/api/files/10/${path}`))).toEqual([404, { detail: 'Not found', code: 'not_found' }])
    }
    expect(answer(await asClerk('GET', `/api/files/10/${'x'.repeat(1001)}`))).toEqual([400, { detail: 'params/* must NOT have more than 1000 characters', code: 'invalid_input' }])
    expect(answer(await asClerk('DELETE', `/api/clerk-template/${'9'.repeat(150)}`))).toEqual([414, { detail: 'The address is too long.', code: 'uri_too_long' }])
  })

  it('answers the framework’s own refusals in plain words', async () => {
    const profile = (payload: string | Buffer, headers: Record<string, string>) => asClerk('PUT', '/api/profile/update', payload, headers)
    const json = { 'content-type': 'application/json' }
    expect(answer(await profile(JSON.stringify({ address: 'x'.repeat(1024 * 1024) }), json))).toEqual([413, { detail: 'The request is too large.', code: 'payload_too_large' }])
    expect(answer(await profile('<address/>', { 'content-type': 'application/xml' }))).toEqual([
      415,
      { detail: 'The server does not read this kind of request body. Send JSON, or multipart/form-data for an upload.', code: 'unsupported_media_type' },
    ])
    expect(answer(await profile('{"address":', json))).toEqual([400, { detail: 'The request body is not valid JSON.', code: 'invalid_input' }])
    expect(answer(await profile('', json))).toEqual([400, { detail: 'The request body is empty. Send a JSON object.', code: 'invalid_input' }])
    expect(answer(await profile('{}', { ...json, 'content-encoding': 'zip' }))).toEqual([
      415,
      { detail: 'The request body is compressed in a way the server cannot read. Use gzip, deflate or br, or send it uncompressed.', code: 'unsupported_media_type' },
    ])
    expect(answer(await profile('{}', { ...json, 'content-encoding': 'gzip' }))).toEqual([400, { detail: 'The request body could not be decompressed.', code: 'invalid_input' }])
    expect(answer(await asClerk('GET', '/api/no-such-call'))).toEqual([404, { detail: 'Not found', code: 'not_found' }])
  })

  it('answers a malformed upload with 400, not a server error', async () => {
    const upload = (payload: string | Buffer, contentType: string) => asClerk('POST', '/api/clerk-template/create/', payload, { 'content-type': contentType })
    const malformed = [400, { detail: 'The upload could not be read: the form data is incomplete or malformed.', code: 'invalid_input' }]
    expect(answer(await upload('x', 'multipart/form-data'))).toEqual(malformed)
    expect(answer(await upload('garbage\r\n', 'multipart/form-data; boundary=zzz'))).toEqual(malformed)
    const { payload, headers } = multipart({ template_name: 'Checkout' }, [{ name: 'template_file', filename: 'a.txt', content: 'Kitchen: clean.\n' }])
    expect(answer(await upload(payload.subarray(0, payload.length - 30), headers['content-type']!))).toEqual(malformed)
  })
})

describe('answers Node’s HTTP parser gives before Fastify sees the request', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.app.close())

  /** The status, content type and body of a raw request. */
  const raw = (text: string) =>
    new Promise<{ head: string; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(text))
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('error', reject)
      socket.on('close', () => {
        const [head = '', body = ''] = received.split('\r\n\r\n')
        resolve({ head, body })
      })
    })

  it('answers 431 with a detail when the headers are too large', async () => {
    const response = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const request = httpRequest({ port, host: '127.0.0.1', path: '/api/profile', headers: { 'x-padding': 'x'.repeat(20_000) } }, (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }))
      })
      request.on('error', reject)
      request.end()
    })
    expect(response.status).toBe(431)
    expect(response.type).toContain('application/json')
    expect(JSON.parse(response.body)).toEqual({ detail: 'The request headers are too large.', code: 'headers_too_large' })
  })

  it('answers 400 with a detail when the request cannot be parsed at all', async () => {
    const { head, body } = await raw('NOT A REQUEST\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/)
    expect(JSON.parse(body)).toEqual({ detail: 'The request could not be read.', code: 'invalid_input' })
  })

  it('answers 408 with a detail when the request took too long to arrive', async () => {
    // Node gives up on a slow request only after minutes (its requestTimeout): the handler gets the
    // error Node would give it, on a real socket, and the client reads what it writes.
    const slow = createServer((socket) => {
      socket.on('error', () => {}) // the handler destroys the socket with the error, as Node's own does
      clientErrorHandler(Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket)
    })
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    try {
      const received = await new Promise<string>((resolve, reject) => {
        const socket = connect((slow.address() as AddressInfo).port, '127.0.0.1')
        let text = ''
        socket.on('data', (chunk) => (text += chunk.toString()))
        socket.on('error', reject)
        socket.on('close', () => resolve(text))
      })
      const [head = '', body = ''] = received.split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/)
      expect(JSON.parse(body)).toEqual({ detail: 'The request took too long to arrive.', code: 'request_timeout' })
    } finally {
      await new Promise((resolve) => slow.close(resolve))
    }
  })
})
