// Every request ends (issue 24 item 4). Node's own limits cover the headers (headersTimeout, 60 s) but
// not a body: Fastify turns off Node's requestTimeout (it would also cut a large upload on a slow line,
// which must be allowed however long it takes), and a socket timeout alone would also cut a client
// waiting quietly for its answer while its audio is measured. So the body alone is watched, from the
// request's start until its last byte arrived:
// - a body that is not an upload (JSON, at most 1 MB) must arrive whole within BODY_MS: past it the
//   client gets Node's own 408 answer (framework-answers.ts) and the connection is closed;
// - an upload (multipart, or a tus PATCH) may take as long as it needs while it moves: it is cut
//   when it sends nothing for UPLOAD_IDLE_MS (the socket's own inactivity timer), or less than
//   UPLOAD_MIN_BYTES in a window of that length (a trickle of a byte every 20 s never goes quiet, but
//   holds a connection and a half-written file for ever). The reader then fails as for a client gone,
//   and takes back what it received (tus keeps what arrived, for the resume).
// The numbers are constants, not settings; tests shorten them through the app's options.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientErrorHandler } from './framework-answers.ts'

export interface RequestLimits {
  /** How long a body that is not an upload may take to arrive whole. */
  bodyMs: number
  /** How long an upload may send nothing, and the window in which it must send `uploadMinBytes`. */
  uploadIdleMs: number
  uploadMinBytes: number
}

export const REQUEST_LIMITS: RequestLimits = {
  // A 1 MB JSON body arrives in a few seconds even over a poor mobile line.
  bodyMs: 30_000,
  // A phone moving between masts is quiet for seconds, not a minute.
  uploadIdleMs: 60_000,
  // 1 KiB a minute: far below any real line (a poor 2G one moves 10 KiB a second), far above a trickle.
  uploadMinBytes: 1024,
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0')

/** Multipart forms, and a resumable upload's bytes (tus PATCH: application/offset+octet-stream). */
const isUpload = (request: FastifyRequest) => /^(multipart\/|application\/offset\+octet-stream)/i.test(request.headers['content-type'] ?? '')

/** Watches every request's body until it has arrived whole (or the request ends), with `limits`. */
export function registerRequestLimits(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket
    // app.inject's stand-in socket has no timers and never stalls.
    if (!hasBody(request) || request.raw.complete || typeof socket?.setTimeout !== 'function') return
    const stop = isUpload(request) ? watchUpload(request, limits) : watchBody(request, limits)
    request.raw.once('end', stop)
    request.raw.once('close', stop)
  })
}

function watchBody(request: FastifyRequest, { bodyMs }: RequestLimits): () => void {
  const timer = setTimeout(() => {
    if (request.raw.complete || request.raw.socket.destroyed) return
    request.log.info({ limitMs: bodyMs }, 'the request body did not arrive in time: answered 408 and closed the connection')
    clientErrorHandler(Object.assign(new Error(`no whole body within ${bodyMs} ms`), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), request.raw.socket)
  }, bodyMs)
  return () => clearTimeout(timer)
}

function watchUpload(request: FastifyRequest, { uploadIdleMs, uploadMinBytes }: RequestLimits): () => void {
  const socket = request.raw.socket
  const cut = (why: string) => {
    request.log.info({ limitMs: uploadIdleMs, minBytes: uploadMinBytes }, `the upload ${why}: connection closed`)
    socket.destroy(new Error(`the upload ${why}`))
  }
  const silent = () => cut(`sent nothing for ${uploadIdleMs} ms`)
  socket.setTimeout(uploadIdleMs, silent)
  let bytesBefore = socket.bytesRead
  const rate = setInterval(() => {
    if (socket.bytesRead - bytesBefore < uploadMinBytes) cut(`sent less than ${uploadMinBytes} bytes in ${uploadIdleMs} ms`)
    bytesBefore = socket.bytesRead
  }, uploadIdleMs)
  rate.unref()
  return () => {
    clearInterval(rate)
    // Once the body is read the client waits quietly for its answer (measuring may take a while).
    socket.setTimeout(0)
    socket.off('timeout', silent)
  }
}
