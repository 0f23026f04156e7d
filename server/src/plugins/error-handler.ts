import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { generalErrorCode } from '@contract/errors.ts'
import { HttpError } from '../http-error.ts'
import { StorageFullError } from '../storage/file-storage.ts'
import { frameworkAnswer } from './framework-answers.ts'

export const SERVER_ERROR_DETAIL = 'Something went wrong on our side. Please try again.'
export const NOT_FOUND_DETAIL = 'Not found'
export const STORAGE_FULL_DETAIL = 'There is not enough storage space to accept this file right now. Please try again later.'

/**
 * Whether the request failed because its connection closed before its body was read whole (Node's
 * "aborted", busboy's unexpected end, a pipeline's premature close all follow from it). Node's own
 * "aborted" (ECONNRESET) also comes when every byte had arrived (`complete`) but the route had not read
 * them yet: the client left straight after its last byte, or sent bytes past its Content-Length that
 * Node refused, closing the connection.
 */
function clientWentAway(request: FastifyRequest, error: { code?: string }): boolean {
  return request.raw.socket?.destroyed === true && (!request.raw.complete || error.code === 'ECONNRESET')
}

/** One error handler for the whole API: client errors keep their detail, server errors are logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | StorageFullError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ detail: error.detail, code: error.code })
    const known = frameworkAnswer(error, request)
    if (known) return reply.status(known.status).send(known.body)

    if (error instanceof StorageFullError) {
      // Nothing of the file was kept and the server goes on; an operator has to make room.
      request.log.warn({ err: error }, 'storage is full: an upload was refused')
      return reply.status(507).send({ detail: STORAGE_FULL_DETAIL, code: generalErrorCode(507) })
    }
    if (clientWentAway(request, error)) {
      // Nobody is left to answer, and nothing on our side failed: a phone lost its signal, a tab was
      // closed. The reader has already taken back what it had received (receive-upload.ts).
      request.log.info({ reason: error.message }, 'the client went away before its request was read')
      return reply.status(400).send({ detail: 'The request was not received whole.', code: 'invalid_input' })
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(status).send({ detail: SERVER_ERROR_DETAIL, code: 'server_error' })
    }
    if (error.validation) {
      // Fastify's message names the part and the field, e.g. "body/email must NOT have more than 100 characters".
      return reply.status(400).send({ detail: error.message, code: 'invalid_input' })
    }
    return reply.status(status).send({ detail: error.message, code: generalErrorCode(status) })
  })
}
