// The one error every call of the portal fails with: what kind of failure it was, the HTTP status, and
// the server's `detail` (its words, shown to the person) and `code` (what the portal branches on).
import type { ErrorCode } from '@contract/errors.ts'

export type ErrorDetail = string | { error: string } | undefined

/**
 * - `network`: no answer came (offline, DNS, refused, dropped mid-answer);
 * - `timeout`: no answer came within the call's `timeoutMs`;
 * - `http`: the server answered with a failure status;
 * - `invalid-answer`: an answer came that the call cannot use (not its schema, an unasked-for 304);
 * - `aborted`: the caller cancelled the call.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-answer' | 'aborted'

export interface ApiErrorInit {
  kind: ApiErrorKind
  /** The HTTP status; 500 when no answer came (portal-spec.md §8 "Other fetches"). */
  status: number
  detail?: ErrorDetail
  code?: ErrorCode
  message: string
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number
  readonly detail: ErrorDetail
  /** The server's machine-readable name for the failure (contract/errors.ts), when it answered. */
  readonly code: ErrorCode | undefined

  constructor({ kind, status, detail, code, message }: ApiErrorInit) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.detail = detail
    this.code = code
  }

  /** True when no answer came back at all (offline, DNS, refused); a timeout is its own kind. */
  get network(): boolean {
    return this.kind === 'network'
  }

  /** The server's words for this failure, when it sent any. */
  get serverMessage(): string | undefined {
    return detailWords(this.detail)
  }
}

/** The server's words in a `detail`: the text itself, or its `error`. */
export function detailWords(detail: ErrorDetail): string | undefined {
  return typeof detail === 'string' ? detail : detail?.error
}

/** The `detail` and `code` of an error body, each only when it has the contract's shape. */
export function errorFields(body: unknown): { detail: ErrorDetail; code: ErrorCode | undefined } {
  if (!body || typeof body !== 'object') return { detail: undefined, code: undefined }
  const { detail, code } = body as { detail?: unknown; code?: unknown }
  return {
    detail:
      typeof detail === 'string' || (detail && typeof detail === 'object' && typeof (detail as { error?: unknown }).error === 'string')
        ? (detail as ErrorDetail)
        : undefined,
    // Not checked against the list: a newer server may send a code this portal does not know yet.
    code: typeof code === 'string' ? (code as ErrorCode) : undefined,
  }
}
