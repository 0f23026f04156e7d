// One multipart/form-data POST whose file part is streamed from disk with the socket's backpressure.
// Node 20's fetch does not do that: with a FormData holding fs.openAsBlob's Blob, or with a stream
// body, it held the whole file in memory before the engine had read it (measured: 160 MB retained
// for a 160 MB file; node:http with stream.pipeline: under 2 MB), so the engine client posts through
// node:http(s) instead. The body's length is known beforehand and sent as Content-Length: some
// engines' HTTP servers (whisper.cpp's cpp-httplib) read chunked uploads poorly.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface MultipartPost {
  headers: Record<string, string>
  fields: Record<string, string>
  /** `size`: the file's length in bytes, which the Content-Length counts. */
  file: { field: string; path: string; name: string; type: string; size: number }
  /** Aborts the whole exchange: sending, waiting and reading the answer. */
  signal: AbortSignal
  /** The most of the answer kept (an engine's error page can be large); the rest is read and dropped. */
  maxAnswerBytes?: number
}

export interface PostAnswer {
  status: number
  body: string
}

export async function postMultipart(url: string, post: MultipartPost): Promise<PostAnswer> {
  const boundary = `----InspectScribe${randomBytes(12).toString('hex')}`
  const quote = (value: string) => value.replace(/["\r\n\\]/g, '_')
  const fieldParts = Object.entries(post.fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`,
  )
  const head = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${quote(post.file.field)}"; filename="${quote(post.file.name)}"\r\nContent-Type: ${post.file.type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const { size } = post.file

  async function* body() {
    yield head
    yield* createReadStream(post.file.path)
    yield tail
  }

  const client = url.startsWith('https:') ? https : http
  const request = client.request(url, {
    method: 'POST',
    signal: post.signal,
    headers: { ...post.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
  })
  const answer = new Promise<PostAnswer>((resolve, reject) => {
    request.on('error', reject)
    request.on('response', (response) => {
      const limit = post.maxAnswerBytes ?? 16 * 1024 * 1024
      const chunks: Buffer[] = []
      let kept = 0
      response.on('data', (chunk: Buffer) => {
        if (kept < limit) chunks.push(chunk)
        kept += chunk.length
      })
      response.on('error', reject)
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, limit).toString('utf8') }))
    })
  })
  // An engine may answer (an error, a refused key) before it has read the whole file: the answer wins,
  // and what is left unsent is dropped with the connection.
  pipeline(Readable.from(body()), request).catch(() => undefined)
  try {
    return await answer
  } finally {
    if (!request.writableFinished) request.destroy()
  }
}
