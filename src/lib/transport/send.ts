// How a request travels: fetch, or XMLHttpRequest when the caller follows the upload's progress (fetch
// cannot report how much of a body has been sent). Both give back a standard Response, so the rest of
// the transport reads every answer the same way.

/** How much of the request body has been sent; `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number
  total: number | null
}

export interface SendInit {
  method: string
  headers: Headers
  body: string | FormData | undefined
  signal: AbortSignal | undefined
  /** fetch's cache mode (an upload with progress has none to choose). */
  cache?: RequestCache
  onProgress?: (progress: UploadProgress) => void
}

/** Rejects like fetch: a TypeError when no answer came, the signal's reason when it was aborted. */
export function send(url: string, init: SendInit): Promise<Response> {
  const { onProgress, ...request } = init
  // The refresh cookie lives on the API's origin, which a deployment may put elsewhere.
  if (!onProgress) return fetch(url, { ...request, credentials: 'include' })
  return sendWithProgress(url, request, onProgress)
}

/** Statuses whose Response may carry no body (a Response made with one and a body throws). */
export const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

function sendWithProgress(url: string, { method, headers, body, signal }: Omit<SendInit, 'onProgress'>, onProgress: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.withCredentials = true
    // Text: an upload's answer is JSON (and a text body makes a Response in every environment).
    xhr.responseType = 'text'
    headers.forEach((value, name) => xhr.setRequestHeader(name, value))
    xhr.upload.addEventListener('progress', (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }))

    const abort = () => xhr.abort()
    signal?.addEventListener('abort', abort, { once: true })
    const settle = () => signal?.removeEventListener('abort', abort)
    xhr.addEventListener('load', () => {
      settle()
      try {
        const status = xhr.status
        resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : xhr.responseText, { status, headers: responseHeaders(xhr) }))
      } catch (cause) {
        reject(cause instanceof Error ? cause : new TypeError('Unreadable answer'))
      }
    })
    xhr.addEventListener('error', () => {
      settle()
      reject(new TypeError('Network request failed'))
    })
    xhr.addEventListener('abort', () => {
      settle()
      reject((signal?.reason as Error | undefined) ?? new DOMException('The upload was aborted.', 'AbortError'))
    })
    xhr.send(body ?? null)
  })
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers()
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}
