// The transport's JSON calls against a real HTTP server on loopback: headers, bodies and statuses as
// they travel, and each outcome (answer, failure with detail and code, no answer, timeout, cancel, 304,
// an answer that breaks the contract).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { TemplateList } from '@contract/templates.ts'
import { ApiError, apiBlob, apiRequest, apiRequestIfChanged, newIdempotencyKey, setForbiddenHandler } from './api-client'
import { closedOrigin } from '@/test/loopback'
import { readSession, saveSession } from './session'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }

describe('apiRequest', () => {
  let server: Server
  let origin: string
  const seen: Seen[] = []
  let refreshCalls = 0
  let refreshFails = false
  let release: (() => void) | null = null
  let releaseBody: (() => void) | null = null
  /** While true, refresh answers wait in `heldRefreshes` until the test sends them. */
  let holdRefreshes = false
  const heldRefreshes: (() => void)[] = []
  const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`
  const freshToken = jwt(Math.floor(Date.now() / 1000) + 900)

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
        const reply = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(json))
        }
        const pathname = new URL(request.url!, 'http://x').pathname
        if (pathname === '/api/ok') return reply(200, { hello: 'clerk' })
        if (pathname === '/api/templates') {
          if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end()
          response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' })
          return response.end(JSON.stringify([{ id: 7, template_name: 'Check-in', template_file: 'clerks/c1/t.docx' }]))
        }
        if (pathname === '/api/templates-broken') return reply(200, [{ id: '7', template_name: 'Check-in' }])
        if (pathname === '/api/not-modified') return void response.writeHead(304).end()
        // The headers and half the body arrive; the rest only when the test lets it (the timeout comes first).
        if (pathname === '/api/body-held') {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.write('{"late":')
          return void (releaseBody = () => response.end('true}'))
        }
        // The headers and half the body arrive, then the connection drops.
        if (pathname === '/api/body-dropped') {
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
          return void response.write('{"half":', () => response.destroy())
        }
        // Answers only when the test lets it (a cancel or a timeout comes first).
        if (pathname === '/api/held') return void (release = () => reply(200, { late: true }))
        if (pathname === '/api/auth/refresh-token') {
          refreshCalls++
          if (refreshFails) return reply(403, { detail: 'Your session has ended. Please sign in again.' })
          const answer = () => reply(200, { access: freshToken })
          return void (holdRefreshes ? heldRefreshes.push(answer) : answer())
        }
        if (request.url === '/api/conflict') return reply(409, { detail: 'Email ID already exists', code: 'email_taken' })
        if (request.url === '/api/login') return reply(401, { detail: { error: 'Invalid Credentials' }, code: 'invalid_credentials' })
        if (request.url === '/api/forbidden') return reply(403, { detail: 'Not allowed', code: 'forbidden' })
        if (request.url === '/api/bad-gateway') {
          response.writeHead(502, { 'content-type': 'text/html' })
          return response.end('<h1>Bad gateway</h1>')
        }
        reply(404, { detail: 'Not found' })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const realFetch = globalThis.fetch
    // jsdom's page origin is not the test server's: send the portal's relative /api URLs there.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init))
  })
  afterAll(() => {
    vi.unstubAllGlobals()
    server.close()
  })
  beforeEach(() => {
    seen.length = 0
    refreshCalls = 0
    refreshFails = false
    holdRefreshes = false
    heldRefreshes.splice(0).forEach((answer) => answer())
    release?.()
    release = null
    releaseBody?.()
    releaseBody = null
  })

  it('sends JSON with the Bearer token and returns the parsed answer', async () => {
    saveSession('token-123', 'CLERK')
    await expect(apiRequest('/ok', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ hello: 'clerk' })
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/ok', body: '{"a":1}' })
    expect(seen[0]!.headers.authorization).toBe('Bearer token-123')
    expect(seen[0]!.headers['content-type']).toBe('application/json')
  })

  it('sends no Bearer header on auth calls', async () => {
    saveSession('token-123', 'CLERK')
    await apiRequest('/ok', { auth: false })
    expect(seen[0]!.headers.authorization).toBeUndefined()
  })

  it('adds query parameters, leaving out undefined ones', async () => {
    await apiRequest('/ok', { query: { start: 1, end: 2, skip: undefined } })
    expect(seen[0]!.url).toBe('/api/ok?start=1&end=2')
  })

  it('carries the server’s detail, code and status on failure', async () => {
    const error = await apiRequest('/conflict').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'http', status: 409, detail: 'Email ID already exists', code: 'email_taken', network: false, message: 'Email ID already exists' })
    expect((error as ApiError).serverMessage).toBe('Email ID already exists')
  })

  it('fails with the call’s own message when the server sent no words', async () => {
    const error = (await apiRequest('/bad-gateway', { failureMessage: 'Failed to get templates' }).catch((e: unknown) => e)) as ApiError
    expect([error.kind, error.status, error.detail, error.code, error.message]).toEqual(['http', 502, undefined, undefined, 'Failed to get templates'])
  })

  it('reads an object detail’s error as the server’s message', async () => {
    const error = (await apiRequest('/login').catch((e: unknown) => e)) as ApiError
    expect(error.detail).toEqual({ error: 'Invalid Credentials' })
    expect(error.serverMessage).toBe('Invalid Credentials')
  })

  it('clears the session and calls the forbidden handler on 403', async () => {
    saveSession('token-123', 'CLERK')
    const onForbidden = vi.fn()
    const stop = setForbiddenHandler(onForbidden)
    await expect(apiRequest('/forbidden')).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    stop()
    expect(readSession()).toBeNull()
    expect(onForbidden).toHaveBeenCalledOnce()
  })

  it('leaves the session alone on a 403 to a call made without it (sign-in)', async () => {
    saveSession('token-123', 'CLERK')
    const onForbidden = vi.fn()
    const stop = setForbiddenHandler(onForbidden)
    await expect(apiRequest('/forbidden', { auth: false })).rejects.toMatchObject({ status: 403 })
    stop()
    expect(readSession()?.token).toBe('token-123')
    expect(onForbidden).not.toHaveBeenCalled()
  })

  it('sends the idempotency key it is given, the same one on each attempt', async () => {
    const key = newIdempotencyKey()
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(newIdempotencyKey()).not.toBe(key)
    await apiRequest('/ok', { method: 'POST', json: {}, idempotencyKey: key })
    await apiRequest('/ok', { method: 'POST', json: {}, idempotencyKey: key })
    await apiRequest('/ok', { method: 'POST', json: {} })
    expect(seen.map((r) => r.headers['idempotency-key'])).toEqual([key, key, undefined])
  })

  it('returns an answer that matches the contract’s schema', async () => {
    await expect(apiRequest('/templates', { schema: TemplateList })).resolves.toEqual([{ id: 7, template_name: 'Check-in', template_file: 'clerks/c1/t.docx' }])
  })

  it('fails as an invalid answer when the answer breaks the contract’s schema', async () => {
    const error = (await apiRequest('/templates-broken', { schema: TemplateList, failureMessage: 'Failed to get templates' }).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect([error.kind, error.status, error.network, error.message]).toEqual(['invalid-answer', 200, false, 'Failed to get templates'])
  })

  it('resolves a 304 to a conditional call as “not modified”, and a changed answer with its ETag', async () => {
    await expect(apiRequestIfChanged('/templates', null, { schema: TemplateList })).resolves.toEqual({
      modified: true,
      answer: [{ id: 7, template_name: 'Check-in', template_file: 'clerks/c1/t.docx' }],
      etag: '"v1"',
    })
    await expect(apiRequestIfChanged('/templates', '"v1"', { schema: TemplateList })).resolves.toEqual({ modified: false })
    expect(seen.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"'])
  })

  it('does not take a 304 to a call that did not ask for one as an answer', async () => {
    await expect(apiRequest('/not-modified')).rejects.toMatchObject({ kind: 'invalid-answer', status: 304 })
  })

  it('fails as timed out, not as a network failure, when the answer takes longer than timeoutMs', async () => {
    const error = (await apiRequest('/held', { timeoutMs: 50 }).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect([error.kind, error.status, error.network]).toEqual(['timeout', 500, false])
  })

  describe('when the body fails while it arrives', () => {
    const calls = {
      'a JSON call': (path: string, timeoutMs?: number) => apiRequest(path, { timeoutMs }),
      'a JSON call with a schema': (path: string, timeoutMs?: number) => apiRequest(path, { timeoutMs, schema: TemplateList }),
      'a blob call': (path: string, timeoutMs?: number) => apiBlob(path, { timeoutMs }),
    }

    it.each(Object.entries(calls))('%s fails as timed out when the body is held past timeoutMs', async (_, call) => {
      const error = (await call('/body-held', 200).catch((e: unknown) => e)) as ApiError
      expect(error).toBeInstanceOf(ApiError)
      expect([error.kind, error.status, error.network]).toEqual(['timeout', 500, false])
    })

    it.each(Object.entries(calls))('%s fails as a network failure when the connection drops mid-body', async (_, call) => {
      const error = (await call('/body-dropped').catch((e: unknown) => e)) as ApiError
      expect(error).toBeInstanceOf(ApiError)
      expect([error.kind, error.status, error.network]).toEqual(['network', 500, true])
    })

    it('a JSON call fails as aborted when the caller cancels while the body arrives', async () => {
      const controller = new AbortController()
      const call = apiRequest('/body-held', { signal: controller.signal })
      await expect.poll(() => releaseBody).not.toBeNull()
      controller.abort()
      await expect(call).rejects.toMatchObject({ kind: 'aborted', network: false })
    })
  })

  it('fails as aborted when the caller cancels', async () => {
    const controller = new AbortController()
    const call = apiRequest('/held', { signal: controller.signal })
    await expect.poll(() => release).not.toBeNull()
    controller.abort()
    await expect(call).rejects.toMatchObject({ kind: 'aborted', network: false })
  })

  it('reports an unreachable server as a network error with status 500', async () => {
    const closed = await closedOrigin()
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, closed), init))
    try {
      await expect(apiRequest('/ok')).rejects.toMatchObject({ kind: 'network', status: 500, network: true, detail: undefined, code: undefined })
    } finally {
      vi.stubGlobal('fetch', realFetch)
    }
  })

  describe('with an expired access token', () => {
    const expired = jwt(Math.floor(Date.now() / 1000) - 60)

    it('refreshes it first, with credentials, and sends the new one', async () => {
      saveSession(expired, 'CLERK')
      await apiRequest('/ok')
      expect(refreshCalls).toBe(1)
      expect(seen.map((r) => r.url)).toEqual(['/api/auth/refresh-token', '/api/ok'])
      expect(seen[1]!.headers.authorization).toBe(`Bearer ${freshToken}`)
      expect(readSession()).toMatchObject({ token: freshToken, role: 'CLERK' })
    })

    it('shares one refresh between concurrent requests', async () => {
      saveSession(expired, 'CLERK')
      holdRefreshes = true
      // The three ask for a token at once, before the first refresh can be answered (it is held).
      const calls = Promise.all([apiRequest('/ok'), apiRequest('/ok'), apiRequest('/ok')])
      await expect.poll(() => heldRefreshes.length).toBeGreaterThan(0)
      holdRefreshes = false
      heldRefreshes.splice(0).forEach((answer) => answer())
      await calls
      expect(refreshCalls).toBe(1)
      expect(seen.filter((r) => r.url === '/api/ok').map((r) => r.headers.authorization)).toEqual(Array(3).fill(`Bearer ${freshToken}`))
    })

    it('refreshes a token that expires within the 10 s margin, and not one with more left', async () => {
      saveSession(jwt(Math.floor(Date.now() / 1000) + 5), 'CLERK')
      await apiRequest('/ok')
      expect(refreshCalls).toBe(1)
      saveSession(jwt(Math.floor(Date.now() / 1000) + 60), 'CLERK')
      await apiRequest('/ok')
      expect(refreshCalls).toBe(1)
    })

    it('sends the old token when the refresh fails', async () => {
      refreshFails = true
      saveSession(expired, 'CLERK')
      await apiRequest('/ok')
      expect(refreshCalls).toBe(1)
      expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${expired}`)
    })
  })
})
