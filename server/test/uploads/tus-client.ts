// A tus 1.0.0 client as small as the tests need, over real HTTP (node:http): tus reads the raw request
// itself, so the tests go through a listening server, as the portal's tus client will.
import http from 'node:http'
import { Readable } from 'node:stream'

export interface TusAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

/** One request; `body` may be a stream the test controls. A connection cut by the server answers status 0. */
export function tusRequest(
  baseUrl: string,
  method: string,
  urlPath: string,
  { token, headers = {}, body }: { token?: string | null; headers?: Record<string, string>; body?: Buffer | Readable } = {},
): Promise<TusAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(urlPath, baseUrl)
    const request = http.request(url, {
      method,
      headers: { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      // Each request on its own connection: a request the test cuts must not take another with it.
      agent: false,
    })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
      response.on('error', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(error.code ?? '') || error.message === 'socket hang up') resolve({ status: 0, headers: {}, body: '' })
      else reject(error)
    })
    if (body instanceof Readable) {
      // Sent at once, so the server starts on the request before the test sends a byte of the body.
      request.flushHeaders()
      body.on('error', () => request.destroy())
      body.pipe(request)
    } else request.end(body)
  })
}

/** POST: creates an upload of `size` bytes named `filename`; answers the answer and the upload's path. */
export async function createUpload(baseUrl: string, token: string | null, filename: string, size: number) {
  const answer = await tusRequest(baseUrl, 'POST', '/api/uploads', { token, headers: { 'upload-length': String(size), 'upload-metadata': `filename ${base64(filename)}` } })
  return { answer, location: answer.headers.location ?? '' }
}

export function patch(baseUrl: string, token: string | null, location: string, offset: number, bytes: Buffer | Readable) {
  return tusRequest(baseUrl, 'PATCH', location, {
    token,
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...(Buffer.isBuffer(bytes) ? { 'content-length': String(bytes.length) } : {}) },
    body: bytes,
  })
}

export const head = (baseUrl: string, token: string | null, location: string) => tusRequest(baseUrl, 'HEAD', location, { token })

/** The upload's offset as HEAD answers it. */
export async function offsetOf(baseUrl: string, token: string, location: string): Promise<number> {
  const answer = await head(baseUrl, token, location)
  if (answer.status !== 200) throw new Error(`HEAD answered ${answer.status}`)
  return Number(answer.headers['upload-offset'])
}

/** Uploads `bytes` whole in `pieces` PATCH requests; answers the last answer. */
export async function uploadInPieces(baseUrl: string, token: string, location: string, bytes: Buffer, pieces: number): Promise<TusAnswer> {
  const size = Math.ceil(bytes.length / pieces)
  let last: TusAnswer | undefined
  for (let offset = 0; offset < bytes.length; offset += size) {
    last = await patch(baseUrl, token, location, offset, bytes.subarray(offset, offset + size))
    if (last.status !== 204) return last
  }
  return last!
}

/** The upload's id: the last segment of its Location. */
export const uploadIdOf = (location: string) => location.split('/').pop()!
