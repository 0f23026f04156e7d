// File downloads through the transport: the same token, refresh (with its 10 s margin), 403 path and
// error kinds as every other call, the body saved by the browser's downloads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, downloadFile, fileBaseName, fileUrl, FILE_KIND, saveFile, setForbiddenHandler } from './api-client'
import { onSessionEnded, readSession, saveSession } from './session'

type Seen = { url: string; authorization: string | null; credentials: RequestCredentials | undefined; method: string; signal: AbortSignal | undefined }

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`

let seen: Seen[]
let saved: { name: string; href: string; hidden: HTMLElement['hidden']; inPage: boolean; blob: Blob | undefined }[]
let created: Blob[]
let revoked: string[]
let reply: (url: string) => Response | Promise<Response>

beforeEach(() => {
  seen = []
  saved = []
  created = []
  revoked = []
  reply = () => new Response('file body', { status: 200 })
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    seen.push({ url, authorization: new Headers(init?.headers).get('authorization'), credentials: init?.credentials, method: init?.method ?? 'GET', signal: init?.signal ?? undefined })
    return reply(url)
  })
  // jsdom has no object URLs and does not download: record what would be saved instead.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      created.push(blob)
      return `blob:saved-${created.length}`
    },
    revokeObjectURL: (url: string) => void revoked.push(url),
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, hidden: this.hidden, inPage: document.body.contains(this), blob: created.at(-1) })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
})

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

describe('file addresses', () => {
  it('takes the base name from the last segment of the stored path', () => {
    expect(fileBaseName('clerks/c1/jobs/12/transcripts/Final report.docx')).toBe('Final report.docx')
    expect(fileBaseName('/a/b/')).toBe('b')
    expect(fileBaseName('plain.mp3')).toBe('plain.mp3')
  })

  it('encodes each segment of the path on its own, under the kind’s number', () => {
    expect(fileUrl(FILE_KIND.transcript, 'clerks/c1/My Report #1.docx')).toBe('/api/files/13/clerks/c1/My%20Report%20%231.docx')
    expect(fileUrl(FILE_KIND.audio, '/clerks/c1/a?b.mp3')).toBe('/api/files/10/clerks/c1/a%3Fb.mp3')
    expect([FILE_KIND.audio, FILE_KIND.template, FILE_KIND.support, FILE_KIND.transcript, FILE_KIND.rechargeReport]).toEqual([10, 11, 12, 13, 15])
  })
})

describe('saveFile', () => {
  it('clicks a hidden link in the page, removes it, and revokes the object URL on the next task', async () => {
    vi.useFakeTimers()
    try {
      saveFile(new Blob(['x']), 'notes.txt')
      expect(saved).toEqual([{ name: 'notes.txt', href: 'blob:saved-1', hidden: true, inPage: true, blob: created[0] }])
      expect(document.querySelector('a[download]')).toBeNull()
      expect(revoked).toEqual([])
      await vi.advanceTimersByTimeAsync(0)
      expect(revoked).toEqual(['blob:saved-1'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('downloadFile', () => {
  it('fetches with the Bearer token and the cookie, and saves the body under the base name', async () => {
    saveSession('token-123', 'CLERK')
    await downloadFile({ kind: 13, path: 'clerks/c1/jobs/12/Final report.docx', failureMessage: 'Failed to download the transcript file' })
    expect(seen).toEqual([{ url: '/api/files/13/clerks/c1/jobs/12/Final%20report.docx', authorization: 'Bearer token-123', credentials: 'include', method: 'GET', signal: undefined }])
    expect(saved.map(({ name }) => name)).toEqual(['Final report.docx'])
    expect(await saved[0]?.blob?.text()).toBe('file body')
  })

  it('saves under a given name instead', async () => {
    saveSession('token-123', 'CLERK')
    await downloadFile({ kind: 15, path: 'reports/r1.csv', failureMessage: 'Failed to download the report file', fileName: 'Recharge report.csv' })
    expect(saved.map(({ name }) => name)).toEqual(['Recharge report.csv'])
  })

  it.each([
    ['has expired', () => 1_000],
    ['expires within the 10 s margin, as for every call', () => Math.floor(Date.now() / 1000) + 5],
  ])('refreshes a token that %s first and sends the new one', async (_, expiry) => {
    saveSession(jwt({ exp: expiry() }), 'CLERK')
    const fresh = jwt({ exp: Math.floor(Date.now() / 1000) + 900 })
    reply = (url) =>
      url.endsWith('/auth/refresh-token')
        ? new Response(JSON.stringify({ access: fresh }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('audio', { status: 200 })
    await downloadFile({ kind: 10, path: 'clerks/c1/a.mp3', failureMessage: 'Failed to download the audio file' })
    expect(seen.map(({ url, method }) => `${method} ${url}`)).toEqual(['POST /api/auth/refresh-token', 'GET /api/files/10/clerks/c1/a.mp3'])
    expect(seen[1]?.authorization).toBe(`Bearer ${fresh}`)
  })

  it('throws the status, the server’s detail and code, and saves nothing', async () => {
    saveSession('token-123', 'CLERK')
    reply = () => new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } })
    const error = await failureOf(downloadFile({ kind: 12, path: 'x/y.pdf', failureMessage: 'Failed to download the supporting document' }))
    expect([error.kind, error.status, error.detail, error.code, error.network, error.message]).toEqual(['http', 404, 'Not found', 'not_found', false, 'Not found'])
    expect(saved).toEqual([])
    expect(readSession()?.token).toBe('token-123')
  })

  it('throws without words when the failure is not JSON', async () => {
    saveSession('token-123', 'CLERK')
    reply = () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } })
    const error = await failureOf(downloadFile({ kind: 11, path: 't.docx', failureMessage: 'Failed to download the template file' }))
    expect([error.status, error.detail, error.network, error.message]).toEqual([502, undefined, false, 'Failed to download the template file'])
  })

  it('throws 500 marked as a network failure when no answer comes', async () => {
    saveSession('token-123', 'CLERK')
    reply = () => Promise.reject(new TypeError('fetch failed'))
    const error = await failureOf(downloadFile({ kind: 13, path: 't.docx', failureMessage: 'Failed to download the transcript file' }))
    expect([error.kind, error.status, error.network, error.message]).toEqual(['network', 500, true, 'Failed to download the transcript file'])
    expect(saved).toEqual([])
  })

  it('throws as a network failure when the connection drops while the file arrives', async () => {
    saveSession('token-123', 'CLERK')
    const broken = new ReadableStream({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('half a file'))
        controller.error(new TypeError('terminated'))
      },
    })
    reply = () => new Response(broken, { status: 200 })
    const error = await failureOf(downloadFile({ kind: 13, path: 't.docx', failureMessage: 'Failed to download the transcript file' }))
    expect([error.kind, error.status, error.message]).toEqual(['network', 500, 'Failed to download the transcript file'])
    expect(saved).toEqual([])
  })

  it('is cancelled by its signal, and saves nothing', async () => {
    saveSession('token-123', 'CLERK')
    const controller = new AbortController()
    reply = () => new Promise((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)))
    const download = downloadFile({ kind: 10, path: 'a.mp3', failureMessage: 'Failed to download the audio file', signal: controller.signal })
    await expect.poll(() => seen.length).toBe(1)
    controller.abort()
    const error = await failureOf(download)
    expect([error.kind, error.network]).toEqual(['aborted', false])
    expect(saved).toEqual([])
  })

  it('ends the session on a 403 through the one 403 path: cleared, announced, and the forbidden handler called', async () => {
    saveSession('token-123', 'CLERK')
    const ended = vi.fn()
    const forbidden = vi.fn()
    const stopForbidden = setForbiddenHandler(forbidden)
    const stop = onSessionEnded(ended)
    reply = () => new Response(JSON.stringify({ detail: 'Not authenticated' }), { status: 403, headers: { 'content-type': 'application/json' } })
    const error = await failureOf(downloadFile({ kind: 10, path: 'a.mp3', failureMessage: 'Failed to download the audio file' }))
    stop()
    stopForbidden()
    expect(error.status).toBe(403)
    expect(readSession()).toBeNull()
    expect(ended).toHaveBeenCalledTimes(1)
    expect(forbidden).toHaveBeenCalledTimes(1)
    expect(saved).toEqual([])
  })
})
