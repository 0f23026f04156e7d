// The parts every stand-in for the API behind `fetch` shares (the test kits of auth, templates and the
// signed-in portal each keep their own way of planning answers and recording requests).
/** An HTTP answer with a JSON body, or none. */
export interface JsonReply {
  status: number
  body?: unknown
  /** Headers of the answer besides its content type, e.g. an ETag. */
  headers?: Record<string, string>
}

/** The path under the API base as sent on the wire (still encoded), e.g. /auth/login. */
export function apiPath(input: RequestInfo | URL): string {
  return new URL(String(input), 'http://portal.test').pathname.replace(/^\/api(?=\/)/, '')
}

/** A JSON body parsed; any other body (FormData, none) as it was sent. */
export function sentBody(init?: RequestInit): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body
}

/** A real Response, so the portal's api-client parses it exactly as it would the server's. */
export function jsonResponse({ status, body, headers = {} }: JsonReply): Response {
  if (body === undefined) return new Response(null, { status, headers })
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

/** A reply that the test lets go when it has looked at the busy state. */
export function heldReply<Reply>(reply: Reply): { promise: () => Promise<Reply>; release: () => void } {
  let release = () => undefined as void
  const held = new Promise<Reply>((resolve) => {
    release = () => resolve(reply)
  })
  return { promise: () => held, release: () => release() }
}
