// A long answer read by the worker (offMainThread), against a real HTTP server on loopback. jsdom has no
// workers: a stand-in runs the worker's own code (readAnswer) and passes each message through a
// structured clone and a task of its own, as the browser does between a worker and the page.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Type } from 'typebox'
import { ApiError, apiRequestIfChanged, setForbiddenHandler } from '../api-client'
import { readSession, saveSession } from '../session'
import { readAnswer, type ReadMessage, type ReadRequest } from './answer-reader'
import { ITEMS_PER_PART } from './read-in-worker'

const Item = Type.Object({ id: Type.Integer(), address: Type.String() })
const ItemList = Type.Array(Item)
const items = (count: number) => Array.from({ length: count }, (_, at) => ({ id: at + 1, address: `${at + 1} Kingsway, Leeds` }))
const LONG_LIST = items(ITEMS_PER_PART * 2 + 17)

class WorkerStandIn {
  static started: WorkerStandIn[] = []
  onmessage: ((event: MessageEvent<ReadMessage>) => void) | null = null
  onerror: (() => void) | null = null
  readonly sent: ReadMessage['kind'][] = []
  asked: ReadRequest | undefined
  terminated = false

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    WorkerStandIn.started.push(this)
  }

  postMessage(request: ReadRequest): void {
    this.asked = request
    void readAnswer(structuredClone(request), (message) => {
      const copy = structuredClone(message)
      this.sent.push(copy.kind)
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data: copy }))
      })
    })
  }

  terminate(): void {
    this.terminated = true
  }
}

describe('a GET read off the main thread', () => {
  let server: Server
  let releaseBody: (() => void) | null = null

  beforeAll(async () => {
    server = createServer((request, response) => {
      const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers })
        response.end(JSON.stringify(json))
      }
      const pathname = new URL(request.url!, 'http://x').pathname
      if (pathname === '/api/list') {
        if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end()
        return reply(200, LONG_LIST, { etag: '"v1"' })
      }
      if (pathname === '/api/empty-list') return reply(200, [], { etag: '"e"' })
      if (pathname === '/api/list-broken') return reply(200, [...items(3), { id: 'four', address: '4 Kingsway' }])
      if (pathname === '/api/list-not-json') {
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.end('[{"id": 1,')
      }
      if (pathname === '/api/conflict') return reply(409, { detail: 'Email ID already exists', code: 'email_taken' })
      if (pathname === '/api/forbidden') return reply(403, { detail: 'Not allowed', code: 'forbidden' })
      if (pathname === '/api/body-dropped') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        return void response.write('[{"id":', () => response.destroy())
      }
      if (pathname === '/api/body-held') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('[{"id":1,')
        return void (releaseBody = () => response.end('"address":"1 Kingsway"}]'))
      }
      reply(404, { detail: 'Not found' })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const realFetch = globalThis.fetch
    // jsdom's page origin is not the test server's: send the portal's /api addresses there (the worker
    // gets them resolved against the page).
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      const { pathname, search } = new URL(input, location.href)
      return realFetch(new URL(pathname + search, origin), init)
    })
    vi.stubGlobal('Worker', WorkerStandIn)
  })
  afterAll(() => {
    vi.unstubAllGlobals()
    server.close()
  })
  beforeEach(() => {
    WorkerStandIn.started = []
    releaseBody?.()
    releaseBody = null
  })

  const read = (path: string, etag: string | null = null, signal?: AbortSignal) => apiRequestIfChanged(path, etag, { schema: ItemList, offMainThread: true, signal })
  const theWorker = () => {
    expect(WorkerStandIn.started).toHaveLength(1)
    return WorkerStandIn.started[0]!
  }

  it('hands a long list over in parts, joined in order, with its ETag and the session’s token, and ends the worker', async () => {
    saveSession('token-123', 'CLERK')
    await expect(read('/list')).resolves.toEqual({ modified: true, answer: LONG_LIST, etag: '"v1"' })
    const worker = theWorker()
    expect(worker.options).toEqual({ type: 'module', name: 'answer-reader' })
    expect(worker.url.pathname).toMatch(/answer-reader\.worker\.ts$/)
    expect(worker.sent).toEqual(['head', 'part', 'part', 'part', 'done'])
    expect(worker.asked?.url).toBe(new URL('/api/list', location.href).href)
    expect(worker.terminated).toBe(true)
  })

  it('gives an empty list as an empty list', async () => {
    await expect(read('/empty-list')).resolves.toEqual({ modified: true, answer: [], etag: '"e"' })
  })

  it('resolves a 304 as “not modified” and ends the worker at once', async () => {
    await expect(read('/list', '"v1"')).resolves.toEqual({ modified: false })
    expect(theWorker().sent).toEqual(['head'])
    expect(theWorker().terminated).toBe(true)
  })

  it('fails as an invalid answer when one item breaks the schema, or the body is not JSON', async () => {
    for (const path of ['/list-broken', '/list-not-json']) {
      const error = (await read(path).catch((e: unknown) => e)) as ApiError
      expect([error.kind, error.status, error.message]).toEqual(['invalid-answer', 200, 'The server’s answer could not be read'])
    }
  })

  it('carries the server’s detail and code on failure', async () => {
    const error = (await read('/conflict').catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'http', status: 409, detail: 'Email ID already exists', code: 'email_taken', message: 'Email ID already exists' })
  })

  it('ends the session on a 403, as every call made with it does', async () => {
    saveSession('token-123', 'CLERK')
    const onForbidden = vi.fn()
    const stop = setForbiddenHandler(onForbidden)
    await expect(read('/forbidden')).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    stop()
    expect(readSession()).toBeNull()
    expect(onForbidden).toHaveBeenCalledOnce()
  })

  it('fails as a network failure when the connection drops mid-body', async () => {
    const error = (await read('/body-dropped').catch((e: unknown) => e)) as ApiError
    expect([error.kind, error.status, error.network]).toEqual(['network', 500, true])
  })

  it('fails as aborted, and ends the worker, when the caller cancels while the body arrives', async () => {
    const controller = new AbortController()
    const call = read('/body-held', null, controller.signal)
    await expect.poll(() => releaseBody).not.toBeNull()
    controller.abort()
    await expect(call).rejects.toMatchObject({ kind: 'aborted', network: false })
    expect(theWorker().terminated).toBe(true)
  })
})
