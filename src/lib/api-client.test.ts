// The client against a real HTTP server on loopback: headers, bodies and statuses as they travel.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, setForbiddenHandler } from './api-client'
import { readSession, saveSession } from './session'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }

describe('apiRequest', () => {
  let server: Server
  let origin: string
  const seen: Seen[] = []
  let refreshCalls = 0
  let refreshFails = false
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
        if (pathname === '/api/auth/refresh-token') {
          refreshCalls++
          if (refreshFails) return reply(403, { detail: 'Your session has ended. Please sign in again.' })
          return setTimeout(() => reply(200, { access: freshToken }), 20)
        }
        if (request.url === '/api/conflict') return reply(409, { detail: 'Email ID already exists' })
        if (request.url === '/api/login') return reply(401, { detail: { error: 'Invalid Credentials' } })
        if (request.url === '/api/forbidden') return reply(403, { detail: 'Not allowed' })
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

  it('carries the server’s detail and status on failure', async () => {
    const error = await apiRequest('/conflict').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, detail: 'Email ID already exists', network: false })
    expect((error as ApiError).serverMessage).toBe('Email ID already exists')
  })

  it('reads an object detail’s error as the server’s message', async () => {
    const error = (await apiRequest('/login').catch((e: unknown) => e)) as ApiError
    expect(error.detail).toEqual({ error: 'Invalid Credentials' })
    expect(error.serverMessage).toBe('Invalid Credentials')
  })

  it('clears the session and calls the forbidden handler on 403', async () => {
    saveSession('token-123', 'CLERK')
    const onForbidden = vi.fn()
    setForbiddenHandler(onForbidden)
    await expect(apiRequest('/forbidden')).rejects.toMatchObject({ status: 403 })
    expect(readSession()).toBeNull()
    expect(onForbidden).toHaveBeenCalledOnce()
  })

  it('reports an unreachable server as a network error with status 500', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, `http://127.0.0.1:${port}`), init))
    try {
      await expect(apiRequest('/ok')).rejects.toMatchObject({ status: 500, network: true, detail: undefined })
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
      await Promise.all([apiRequest('/ok'), apiRequest('/ok'), apiRequest('/ok')])
      expect(refreshCalls).toBe(1)
      expect(seen.filter((r) => r.url === '/api/ok').map((r) => r.headers.authorization)).toEqual(Array(3).fill(`Bearer ${freshToken}`))
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
