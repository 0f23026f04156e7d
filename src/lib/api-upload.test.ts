// Uploads with progress (XMLHttpRequest: fetch cannot report how much of a body has gone) against a
// real HTTP server on loopback, through jsdom's own XMLHttpRequest.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, setForbiddenHandler, type UploadProgress } from './api-client'
import { closedOrigin } from '@/test/loopback'
import { readSession, saveSession } from './session'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; bytes: number }

describe('apiRequest with onProgress (an upload)', () => {
  let server: Server
  let origin: string
  const seen: Seen[] = []
  let holdAnswer: (() => void) | null = null

  beforeAll(async () => {
    server = createServer((request, response) => {
      // jsdom's page is on another origin than this server: it asks first, as a browser would.
      response.setHeader('access-control-allow-origin', request.headers.origin ?? '*')
      response.setHeader('access-control-allow-credentials', 'true')
      response.setHeader('access-control-expose-headers', 'content-type')
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-methods': 'POST, PUT', 'access-control-allow-headers': 'authorization, content-type, idempotency-key, accept' })
        return response.end()
      }
      let bytes = 0
      request.on('data', (chunk: Buffer) => (bytes += chunk.length))
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, bytes })
        const reply = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(json))
        }
        if (request.url === '/api/upload') return reply(200, { received: bytes })
        if (request.url === '/api/held') {
          holdAnswer = () => reply(200, { received: bytes })
          return
        }
        if (request.url === '/api/too-large') return reply(413, { detail: 'The template is larger than 20 MB.', code: 'file_too_large' })
        if (request.url === '/api/forbidden') return reply(403, { detail: 'Not authenticated', code: 'session_ended' })
        reply(404, { detail: 'Not found', code: 'not_found' })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const RealXhr = globalThis.XMLHttpRequest
    // Send the portal's relative /api addresses to the test server, as the fetch tests do.
    class LoopbackXhr extends RealXhr {
      override open(method: string, url: string | URL): void {
        super.open(method, new URL(String(url), origin).href)
      }
    }
    vi.stubGlobal('XMLHttpRequest', LoopbackXhr)
  })
  afterAll(() => {
    vi.unstubAllGlobals()
    server.close()
  })
  beforeEach(() => {
    seen.length = 0
    holdAnswer = null
  })

  const form = (size: number) => {
    const body = new FormData()
    body.append('template_name', 'Check-in')
    body.append('template_file', new File([new Uint8Array(size)], 'report.docx'))
    return body
  }

  it('reports the bytes sent, ends at the whole body, and returns the parsed answer', async () => {
    saveSession('token-123', 'CLERK')
    const progress: UploadProgress[] = []
    const answer = await apiRequest<{ received: number }>('/upload', { method: 'POST', form: form(256 * 1024), onProgress: (event) => progress.push(event) })
    const sent = seen[0]!
    expect(answer).toEqual({ received: sent.bytes })
    expect(sent.headers.authorization).toBe('Bearer token-123')
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toEqual({ loaded: sent.bytes, total: sent.bytes })
    expect(progress.map((event) => event.loaded)).toEqual([...progress.map((event) => event.loaded)].sort((a, b) => a - b))
  })

  it('sends the idempotency key', async () => {
    await apiRequest('/upload', { method: 'POST', form: form(10), idempotencyKey: 'job-7f3a', onProgress: () => undefined })
    expect(seen[0]!.headers['idempotency-key']).toBe('job-7f3a')
  })

  it('fails with the server’s detail and code', async () => {
    const error = await apiRequest('/too-large', { method: 'POST', form: form(10), onProgress: () => undefined }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'http', status: 413, detail: 'The template is larger than 20 MB.', code: 'file_too_large', message: 'The template is larger than 20 MB.' })
  })

  it('ends the session through the one 403 path', async () => {
    saveSession('token-123', 'CLERK')
    const onForbidden = vi.fn()
    const stop = setForbiddenHandler(onForbidden)
    try {
      await expect(apiRequest('/forbidden', { method: 'POST', form: form(10), onProgress: () => undefined })).rejects.toMatchObject({ kind: 'http', status: 403 })
    } finally {
      stop()
    }
    expect(readSession()).toBeNull()
    expect(onForbidden).toHaveBeenCalledOnce()
  })

  it('is cancelled by its signal: fails as aborted', async () => {
    const controller = new AbortController()
    const upload = apiRequest('/held', { method: 'POST', form: form(10), signal: controller.signal, onProgress: () => undefined })
    await expect.poll(() => holdAnswer).not.toBeNull()
    controller.abort()
    await expect(upload).rejects.toMatchObject({ kind: 'aborted', network: false })
  })

  it('fails as network when nothing listens', async () => {
    const closed = await closedOrigin()
    const RealXhr = globalThis.XMLHttpRequest
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends RealXhr {
        override open(method: string, url: string | URL): void {
          super.open(method, new URL(String(url), closed).href)
        }
      },
    )
    try {
      await expect(apiRequest('/upload', { method: 'POST', form: form(10), onProgress: () => undefined, failureMessage: 'Failed to create template' })).rejects.toMatchObject({
        kind: 'network',
        status: 500,
        network: true,
        message: 'Failed to create template',
      })
    } finally {
      vi.stubGlobal('XMLHttpRequest', RealXhr)
    }
  })
})
