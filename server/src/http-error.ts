// A failure the client caused and can act on. Its detail reaches the client as it is;
// anything else thrown while handling a request is a server error whose details stay in the log.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | { error: string },
  ) {
    super(typeof detail === 'string' ? detail : detail.error)
    this.name = 'HttpError'
  }
}
