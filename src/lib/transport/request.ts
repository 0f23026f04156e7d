// The transport: every call of the portal to its API goes through `exchange` below, whether it reads
// JSON, downloads a blob or uploads with progress. One place adds the API base, the Bearer token
// (refreshed first near expiry), the idempotency key and the timeout, and turns every failure into an
// ApiError of one of five kinds; one place ends the session on a 403.
import type { Static, TSchema } from 'typebox'
import { checkInSlices } from './check-in-slices'
import { bodyFromText } from './answer-body'
import { ApiError, detailWords, errorFields } from './api-error'
import { apiUrl, type ApiQuery } from './api-url'
import { quietTimeout } from './quiet-timeout'
import { canReadInWorker, sendReadingInWorker, type CheckedBody } from './read-in-worker'
import { send, type UploadProgress } from './send'
import { bearerToken, endSessionOnForbidden } from './session-token'

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Sent as JSON. */
  json?: unknown
  /** Sent as multipart form data. */
  form?: FormData
  query?: ApiQuery
  /** Auth calls send no Bearer header, and a 403 on them does not end a session. */
  auth?: boolean
  /** Cancels the call; it then fails with kind 'aborted'. */
  signal?: AbortSignal
  /**
   * Ms; no timeout unless given (portal-spec.md §9: only cost calculation has one). Kind 'timeout'.
   * With `onProgress`, the time without progress or answer (a long upload that keeps going is not cut).
   */
  timeoutMs?: number
  /** Sent as `Idempotency-Key`. Give the same key to every attempt of one request (newIdempotencyKey()). */
  idempotencyKey?: string
  /** Follows the upload of the body (sent with XMLHttpRequest then, which can report it). */
  onProgress?: (progress: UploadProgress) => void
  /** The thrown error's message when the server sent no words of its own (spec §8: the call's default). */
  failureMessage?: string
}

export interface JsonRequestOptions<S extends TSchema | undefined = undefined> extends RequestOptions {
  /** The contract's schema of the answer: an answer that does not match fails with kind 'invalid-answer'. */
  schema?: S
  /**
   * A long answer (the whole job list): a worker sends the request, parses and checks the answer, and
   * hands it over in parts, so the page's main thread stays free for the clerk (read-in-worker.ts).
   * Where there are no workers the page reads it itself. A GET with no upload progress only.
   */
  offMainThread?: boolean
}

export type { UploadProgress }

export { apiUrl }

/** A fresh key for one request and its retries (no crypto.randomUUID: it needs a secure context). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A JSON call: the parsed answer, checked against `schema` when one is given. */
export function apiRequest<S extends TSchema>(path: string, options: JsonRequestOptions<S> & { schema: S }): Promise<Static<S>>
export function apiRequest<T = unknown>(path: string, options?: RequestOptions): Promise<T>
export async function apiRequest(path: string, options: JsonRequestOptions<TSchema | undefined> = {}): Promise<unknown> {
  if (options.schema) startLoadingChecker()
  const answer = await exchange(path, options, 'application/json')
  if (answer.response.status === 304) throw invalidAnswer(answer.response.status, options)
  return checkedAnswer(answer, options)
}

export type Conditional<T> = { modified: false } | { modified: true; answer: T; etag: string | null }

/**
 * A JSON call sent with If-None-Match: a 304 resolves as "not modified" (the caller's copy stands).
 * Past the browser's HTTP cache ('no-store'), which would otherwise keep a copy of its own and could
 * answer the caller's question itself, hiding the 304 the caller is waiting for.
 */
export async function apiRequestIfChanged<S extends TSchema>(path: string, etag: string | null, options: JsonRequestOptions<S> & { schema: S }): Promise<Conditional<Static<S>>> {
  startLoadingChecker()
  const answer = await exchange(path, { ...options, ifNoneMatch: etag ?? undefined, cache: 'no-store' }, 'application/json')
  if (answer.response.status === 304) return { modified: false }
  return { modified: true, answer: (await checkedAnswer(answer, options)) as Static<S>, etag: answer.response.headers.get('etag') }
}

/** A JSON call and the headers of its answer, e.g. how many items a page of a list was taken from. */
export async function apiRequestWithHeaders<S extends TSchema>(path: string, options: JsonRequestOptions<S> & { schema: S }): Promise<{ answer: Static<S>; headers: Headers }> {
  startLoadingChecker()
  const answer = await exchange(path, options, 'application/json')
  if (answer.response.status === 304) throw invalidAnswer(answer.response.status, options)
  return { answer: (await checkedAnswer(answer, options)) as Static<S>, headers: answer.response.headers }
}

/** A file: the answer's body as a blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const answer = await exchange(path, options, '*/*')
  if (answer.response.status === 304) throw invalidAnswer(answer.response.status, options)
  return whileBodyArrives(answer, options, (response) => response.blob())
}

type ExchangeOptions = JsonRequestOptions<TSchema | undefined> & { ifNoneMatch?: string; cache?: RequestCache }

/** An answer that came, and the call's timeout signal, which still runs while its body arrives. */
interface Exchanged {
  response: Response
  timeout: AbortSignal | undefined
  /** A body read and checked by a worker (offMainThread): `response` then has none. */
  checkedBody?: Promise<CheckedBody>
}

/** Sends the request; resolves with a 2xx or 304 answer, throws an ApiError for anything else. */
async function exchange(path: string, options: ExchangeOptions, accept: string): Promise<Exchanged> {
  const { method = 'GET', json, form, query, auth = true, signal, timeoutMs, idempotencyKey, onProgress, ifNoneMatch, cache, schema, offMainThread } = options
  const headers = new Headers({ accept })
  if (json !== undefined) headers.set('content-type', 'application/json')
  if (idempotencyKey) headers.set('idempotency-key', idempotencyKey)
  if (ifNoneMatch) headers.set('if-none-match', ifNoneMatch)
  const token = auth ? await bearerToken() : undefined
  if (token) headers.set('authorization', `Bearer ${token}`)

  // An upload whose progress is followed counts quiet time (quiet-timeout.ts): a long upload that
  // keeps sending is never cut; everything else counts from the start.
  const quiet = timeoutMs && onProgress ? quietTimeout(timeoutMs) : undefined
  const timeout = quiet?.signal ?? (timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined)
  const signals = [signal, timeout].filter((s): s is AbortSignal => !!s)
  const timed = { ...options, timeout }
  const url = apiUrl(path, query)
  const sendSignal = signals.length > 0 ? AbortSignal.any(signals) : undefined
  let response: Response
  let checkedBody: Promise<CheckedBody> | undefined
  try {
    if (offMainThread && method === 'GET' && !onProgress && canReadInWorker()) {
      const read = await sendReadingInWorker(url, { headers, signal: sendSignal, cache }, schema)
      response = read.response
      checkedBody = read.body
    } else {
      response = await send(url, {
        method,
        headers,
        body: json !== undefined ? JSON.stringify(json) : form,
        signal: sendSignal,
        cache,
        onProgress:
          quiet && onProgress
            ? (progress) => {
                quiet.restart()
                onProgress(progress)
              }
            : onProgress,
      })
    }
  } catch {
    throw noAnswer(timed)
  }
  if (response.ok || response.status === 304) return { response, timeout, checkedBody }

  // A 403 on a call made with the session means the session is over. Sign-in calls carry none.
  if (response.status === 403 && auth) endSessionOnForbidden()
  const { detail, code } = errorFields(await readJson(response))
  throw new ApiError({ kind: 'http', status: response.status, detail, code, message: detailWords(detail) || options.failureMessage || `Request failed with status ${response.status}` })
}

async function checkedAnswer(answer: Exchanged, options: JsonRequestOptions<TSchema | undefined>): Promise<unknown> {
  const { checkedBody } = answer
  if (checkedBody) {
    const { matches, value } = await whileBodyArrives(answer, options, () => checkedBody)
    if (!matches) throw invalidAnswer(answer.response.status, options)
    return value
  }
  const body = await readBody(answer, options)
  if (options.schema && !(await matchesSchema(options.schema, body))) throw invalidAnswer(answer.response.status, options)
  return body
}

/**
 * Reads the body; a read that fails (the connection dropped, the time ran out or the caller cancelled
 * while the body was arriving) is no answer at all, never an empty one.
 */
async function whileBodyArrives<T>({ response, timeout }: Exchanged, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  // Started outside the try: an answer that cannot even start reading is a bug, not a lost connection.
  const reading = read(response)
  try {
    return await reading
  } catch {
    throw noAnswer({ ...options, timeout })
  }
}

/**
 * Loaded with the first call that passes a schema, not with the transport: the sign-in page stays
 * light until the person signs in (TypeBox's checker is about 100 kB). A long list is checked in slices.
 */
async function matchesSchema(schema: TSchema, value: unknown): Promise<boolean> {
  const { Value } = await loadChecker()
  return checkInSlices((part, partValue) => Value.Check(part, partValue), schema, value)
}

const loadChecker = () => import('typebox/value')

/**
 * Starts the checker's download as the request leaves, so that both travel at once: on a first visit
 * to My Jobs the list no longer waits, once it has arrived, for a chunk asked for only then. A failed
 * download is not reported here: matchesSchema imports again and fails the call as before.
 */
function startLoadingChecker(): void {
  loadChecker().catch(() => undefined)
}

function noAnswer({ signal, timeout, failureMessage }: RequestOptions & { timeout?: AbortSignal }): ApiError {
  if (signal?.aborted) return new ApiError({ kind: 'aborted', status: 0, message: failureMessage ?? 'The request was cancelled' })
  if (timeout?.aborted) return new ApiError({ kind: 'timeout', status: 500, message: failureMessage ?? 'The request timed out' })
  return new ApiError({ kind: 'network', status: 500, message: failureMessage ?? 'Network error' })
}

function invalidAnswer(status: number, { failureMessage }: RequestOptions): ApiError {
  return new ApiError({ kind: 'invalid-answer', status, message: failureMessage ?? 'The server’s answer could not be read' })
}

/** The answer's body: parsed when it is JSON; a body that arrived whole but does not parse reads as absent. */
async function readBody(answer: Exchanged, options: RequestOptions): Promise<unknown> {
  if (answer.response.status === 204) return undefined
  const text = await whileBodyArrives(answer, options, (response) => response.text())
  return bodyFromText(text, answer.response.headers.get('content-type'))
}

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return undefined
  return response.json().catch(() => undefined)
}
