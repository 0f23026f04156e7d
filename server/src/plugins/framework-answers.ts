// The framework's own refusals in the product's `{detail, code}` shape and in plain words: a body too
// large, of a type no route reads, or not valid JSON; an upload that cannot be read; an address
// that cannot be decoded; headers too large. Fastify and its plugins would otherwise answer in their
// own shape, and a malformed multipart body would even surface as a server error.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { generalErrorCode, type ErrorBody } from '@contract/errors.ts'

export const FRAMEWORK_MESSAGES = {
  bodyTooLarge: 'The request is too large.',
  unreadableBodyType: 'The server does not read this kind of request body. Send JSON, or multipart/form-data for an upload.',
  emptyJson: 'The request body is empty. Send a JSON object.',
  invalidJson: 'The request body is not valid JSON.',
  lengthMismatch: 'The request body is not as long as its Content-Length header says.',
  unknownEncoding: 'The request body is compressed in a way the server cannot read. Use gzip, deflate or br, or send it uncompressed.',
  undecompressable: 'The request body could not be decompressed.',
  notMultipart: 'Send the upload as multipart/form-data.',
  malformedUpload: 'The upload could not be read: the form data is incomplete or malformed.',
  uploadTooLarge: 'The upload is too large or has too many parts.',
  forbiddenFieldName: 'The upload has a field name that is not allowed.',
  /** The same words as any other address that names nothing. */
  notFound: 'Not found',
  addressTooLong: 'The address is too long.',
  headersTooLarge: 'The request headers are too large.',
  unreadableRequest: 'The request could not be read.',
  requestTimeout: 'The request took too long to arrive.',
} as const

const M = FRAMEWORK_MESSAGES

/** Refusals by the error code Fastify, @fastify/compress or @fastify/multipart gives them. */
const BY_CODE: Record<string, readonly [status: number, detail: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, M.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, M.unreadableBodyType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, M.emptyJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, M.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, M.lengthMismatch],
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [415, M.unknownEncoding],
  FST_CP_ERR_INVALID_CONTENT: [400, M.undecompressable],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, M.notMultipart],
  FST_INVALID_JSON_FIELD_ERROR: [400, M.malformedUpload],
  FST_MP_PREMATURE_CLOSE: [400, M.malformedUpload],
  FST_PROTO_VIOLATION: [400, M.forbiddenFieldName],
  FST_REQ_FILE_TOO_LARGE: [413, M.uploadTooLarge],
  FST_PARTS_LIMIT: [413, M.uploadTooLarge],
  FST_FILES_LIMIT: [413, M.uploadTooLarge],
  FST_FIELDS_LIMIT: [413, M.uploadTooLarge],
}

// @fastify/busboy reports a malformed multipart body with plain Errors, without a code or a status:
// these are all of its messages (a missing or unusable boundary, a body that ends mid-form).
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot /,
  /unexpected end of multipart data$/i,
]

export interface Answer {
  status: number
  body: ErrorBody
}

/** The framework's refusals carry the general code of their status: none is a case a client acts on. */
const answer = (status: number, detail: string): Answer => ({ status, body: { detail, code: generalErrorCode(status) } })

/** The answer to a refusal raised by the framework or its plugins; null for anything else. */
export function frameworkAnswer(error: Partial<FastifyError>, request: FastifyRequest): Answer | null {
  const known = error.code ? BY_CODE[error.code] : undefined
  if (known) return answer(...known)
  if (!error.code && !error.statusCode && request.isMultipart?.() && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message ?? ''))) {
    return answer(400, M.malformedUpload)
  }
  return null
}

/** Fastify's `frameworkErrors` option: an address it cannot route (bad %-escapes, a path part too long). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = unroutableAnswer(error)
  reply.status(status).send(body)
}

function unroutableAnswer(error: FastifyError): Answer {
  // An address whose %-escapes do not decode names nothing: the same answer as any unknown address.
  if (error.code === 'FST_ERR_BAD_URL') return answer(404, M.notFound)
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer(414, M.addressTooLong)
  return answer(error.statusCode ?? 400, M.unreadableRequest)
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request before Fastify saw it
 * (headers over Node's 16 KiB, a malformed request line, a request that took too long). Written to the
 * socket as Fastify's own handler does, with the product's `{detail, code}` body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, body: errorBody } = parserRefusal(error)
  const body = JSON.stringify(errorBody)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

function parserRefusal(error: { code?: string }): Answer {
  if (error.code === 'HPE_HEADER_OVERFLOW') return answer(431, M.headersTooLarge)
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answer(408, M.requestTimeout)
  return answer(400, M.unreadableRequest)
}
