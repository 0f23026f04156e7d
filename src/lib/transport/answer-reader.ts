// Reading a long JSON answer away from the page's main thread (issue 28): the whole job list of a clerk
// with thousands of jobs is about 5 MB of JSON, and read by the page its body's arrival and decoding
// (two native tasks of 20-80 ms), JSON.parse (13-25 ms) and the schema check all held the main thread
// just after the first pages had been painted, when the clerk's first tap comes (research
// my-jobs-tablet.md §19). A worker (answer-reader.worker.ts) runs `readAnswer` below: it sends the
// request, parses and checks the answer, and hands the parsed items to the page a part at a time,
// each part a small task of its own there (read-in-worker.ts takes them).
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { bodyFromText } from './answer-body'

/** What the page asks the worker to do: one GET, its answer checked against `schema` when given. */
export interface ReadRequest {
  url: string
  headers: [string, string][]
  cache?: RequestCache
  /** The contract's schema, cloned into the worker (TypeBox's schemas are plain JSON). */
  schema?: TSchema
  /** How many items of a list answer go in one message. */
  itemsPerPart: number
}

/**
 * The worker's messages, in this order: `head` once the answer's status and headers are in (with the
 * body's text for an error status: the transport reads its `detail`); then, for a 2xx other than 204,
 * any number of `part`s and one `done`. `failed`, at any point, means no (whole) answer came.
 */
export type ReadMessage =
  | { kind: 'head'; status: number; headers: [string, string][]; errorText?: string }
  /** The next items of an answer that is a list. */
  | { kind: 'part'; items: unknown[] }
  /** The body was read: whether it matched the schema and, unless it is a list (sent in parts), the body itself. */
  | { kind: 'done'; matches: boolean; whole?: unknown }
  | { kind: 'failed' }

/** Sends `request` and posts what came back (ReadMessage), ending with `done`, or `failed` when no answer came. */
export async function readAnswer(request: ReadRequest, post: (message: ReadMessage) => void): Promise<void> {
  let response: Response
  try {
    // As the transport's `send`: the refresh cookie lives on the API's origin, which may be elsewhere.
    response = await fetch(request.url, { headers: request.headers, cache: request.cache, credentials: 'include' })
  } catch {
    post({ kind: 'failed' })
    return
  }
  const head = { kind: 'head' as const, status: response.status, headers: [...response.headers] }
  if (!response.ok) {
    // A 304 has no body; an error's is short, read here so the transport can show its words.
    post(response.status === 304 ? head : { ...head, errorText: await response.text().catch(() => '') })
    return
  }
  post(head)
  let text: string
  try {
    text = response.status === 204 ? '' : await response.text()
  } catch {
    post({ kind: 'failed' })
    return
  }
  const body = response.status === 204 ? undefined : bodyFromText(text, response.headers.get('content-type'))
  const matches = !request.schema || Value.Check(request.schema, body)
  if (!matches || !Array.isArray(body)) {
    post({ kind: 'done', matches, whole: matches ? body : undefined })
    return
  }
  for (let start = 0; start < body.length; start += request.itemsPerPart) post({ kind: 'part', items: body.slice(start, start + request.itemsPerPart) })
  post({ kind: 'done', matches })
}
