// The page's side of answer-reader.ts: a GET sent, parsed and checked by a worker, its answer's head
// given as a standard Response (so the transport reads its status, headers and error words as any
// other) and its checked body taken a part at a time, each message a small task on the main thread.
import type { TSchema } from 'typebox'
import type { ReadMessage, ReadRequest } from './answer-reader'
import { NULL_BODY_STATUSES } from './send'

/**
 * Items a message: a part of 250 jobs was about 1 ms of the main thread's time to take (3-4 ms at 4x
 * CPU), the whole 5,000-job list in one message 90 ms at 4x (a probe in Chromium, research §19).
 */
export const ITEMS_PER_PART = 250

/** The checked body: whether it matched the schema, and the body (a list joined from its parts). */
export interface CheckedBody {
  matches: boolean
  value: unknown
}

export interface ReadInWorker {
  /** The answer's status and headers (and, for an error status, its body); no body otherwise. */
  response: Response
  /** Resolves once the whole body is here; rejects (a TypeError, or the signal's reason) when it never will be. */
  body: Promise<CheckedBody>
}

/** False where there are no workers (the test environment's jsdom): the page then reads the answer itself. */
export const canReadInWorker = (): boolean => typeof Worker !== 'undefined'

/** Rejects like fetch: a TypeError when no answer came, the signal's reason when it was aborted. */
export function sendReadingInWorker(url: string, { headers, signal, cache }: { headers: Headers; signal?: AbortSignal; cache?: RequestCache }, schema?: TSchema): Promise<ReadInWorker> {
  return new Promise((resolveHead, rejectHead) => {
    if (signal?.aborted) return rejectHead(signal.reason as Error)
    let resolveBody: (body: CheckedBody) => void = () => undefined
    let rejectBody: (reason: unknown) => void = () => undefined
    const body = new Promise<CheckedBody>((resolve, reject) => {
      resolveBody = resolve
      rejectBody = reject
    })
    // A body nobody reads (an error status, a 304) must not be reported as unhandled when it fails.
    body.catch(() => undefined)

    const worker = new Worker(new URL('./answer-reader.worker.ts', import.meta.url), { type: 'module', name: 'answer-reader' })
    const parts: unknown[][] = []
    const end = () => {
      worker.terminate()
      signal?.removeEventListener('abort', abort)
    }
    const fail = (reason: unknown) => {
      end()
      // Whichever is still waiting: before the head, the request; after it, the body.
      rejectHead(reason)
      rejectBody(reason)
    }
    const abort = () => fail(signal?.reason)
    signal?.addEventListener('abort', abort, { once: true })
    // The worker's script could not be loaded or ran into an error: no answer.
    worker.onerror = () => fail(new TypeError('The answer could not be read'))
    worker.onmessage = ({ data: message }: MessageEvent<ReadMessage>) => {
      switch (message.kind) {
        case 'head': {
          const { status, headers: answerHeaders, errorText } = message
          resolveHead({ response: new Response(NULL_BODY_STATUSES.has(status) ? null : (errorText ?? null), { status, headers: answerHeaders }), body })
          // Nothing follows an answer with no body to read (a 304, an error): its body will never come.
          if (!(status >= 200 && status < 300)) fail(new TypeError('The answer has no body to read'))
          return
        }
        case 'part':
          parts.push(message.items)
          return
        case 'done':
          end()
          resolveBody({ matches: message.matches, value: 'whole' in message ? message.whole : parts.flat() })
          return
        case 'failed':
          fail(new TypeError('Network request failed'))
      }
    }
    // Resolved here: in the worker a relative address would be read against the worker's script, not the page.
    const request: ReadRequest = { url: new URL(url, document.baseURI).href, headers: [...headers], cache, schema, itemsPerPart: ITEMS_PER_PART }
    worker.postMessage(request)
  })
}
