// The error body every API failure carries: `detail`, the words the portal spec gives (shown to the
// person), and `code`, a stable machine-readable name the portal branches on (never on the words).
// Most failures carry a string `detail`; login and change-password carry `detail: {error}` because the
// portal spec reads them that way.
import { Type, type Static } from 'typebox'

/**
 * Every code an error answer may carry. The general codes follow the HTTP status and are used when
 * nothing more specific applies; the specific ones name a case a client may act on. A new case gets a
 * new code here (codes are never renamed: installed portals and scripts read them).
 */
export const ERROR_CODES = [
  // General, one per status the API answers with.
  'invalid_input', // 400
  'unauthorized', // 401
  'forbidden', // 403
  'not_found', // 404
  'request_timeout', // 408: the request took too long to arrive
  'conflict', // 409
  'payload_too_large', // 413
  'uri_too_long', // 414
  'unsupported_media_type', // 415
  'range_not_satisfiable', // 416: a Range beyond the end of a file
  'headers_too_large', // 431
  'rate_limited', // 429
  'server_error', // 500 and any other 5xx
  // Sessions and accounts.
  'session_ended', // 403: the access token or the account no longer admits this call; sign in again
  'invalid_credentials', // 401 on login
  'account_inactive', // 403 on login: deactivated by an operator
  'account_being_deleted', // 403 on login: erasure under way
  'email_taken', // 409 on sign-up
  'link_invalid', // 400: a sign-up or reset link that is used, expired or unknown
  'password_rejected', // 400: a new password that breaks the password rules
  'wrong_current_password', // 400 on change-password
  'operator_token_required', // 401 on /ops
  // Jobs, templates and files.
  'jobs_not_finished', // 400 on delete-jobs: some listed job is not Completed or Failed
  'job_state_conflict', // 409: an operator move the job's state does not allow
  'template_exists', // 409: the clerk already has a template
  'file_required', // 400: an upload without its file
  'file_type_refused', // 400: an extension not in the allowed list
  'file_content_refused', // 400: the content does not match its extension, or is empty
  'file_too_large', // 413: a file beyond its size limit
  // Money.
  'insufficient_credits', // 409: the move would take the balance below zero
  'duplicate_request', // 409: an idempotency key or external reference already used for another request
  'card_declined', // 402: the card provider declined the card or refused its details (detail: the provider's words)
  'signature_invalid', // 400 on /stripe/webhook: the event's signature does not match its body
  'already_refunded', // 409 on an operator's refund: the failed job's charge was given back before
  // Create Job.
  'folder_expired', // 410 on create-job: the measured audio's folder token expired; calculate the cost again
  'upload_not_ready', // 400 on calculate-cost: an `upload_ids` entry is not the clerk's finished, unused tus upload
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The code of an answer with this status when nothing more specific applies. */
export function generalErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input'
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 408:
      return 'request_timeout'
    case 409:
      return 'conflict'
    case 413:
      return 'payload_too_large'
    case 414:
      return 'uri_too_long'
    case 415:
      return 'unsupported_media_type'
    case 416:
      return 'range_not_satisfiable'
    case 429:
      return 'rate_limited'
    case 431:
      return 'headers_too_large'
    default:
      return status >= 500 ? 'server_error' : 'invalid_input'
  }
}

export const ErrorBody = Type.Object({
  detail: Type.Union([Type.String(), Type.Object({ error: Type.String() })]),
  code: Type.Enum(ERROR_CODES),
})
export type ErrorBody = Static<typeof ErrorBody>
