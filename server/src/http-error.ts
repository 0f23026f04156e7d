// A failure the client caused and can act on. Its detail and code reach the client as they are;
// anything else thrown while handling a request is a server error whose details stay in the log.
import { generalErrorCode, type ErrorCode } from '@contract/errors.ts'

export class HttpError extends Error {
  readonly code: ErrorCode

  constructor(
    readonly statusCode: number,
    readonly detail: string | { error: string },
    /** The machine-readable name of the case; the status's general code when not given. */
    code?: ErrorCode,
  ) {
    super(typeof detail === 'string' ? detail : detail.error)
    this.name = 'HttpError'
    this.code = code ?? generalErrorCode(statusCode)
  }
}
