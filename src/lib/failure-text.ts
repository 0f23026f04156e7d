// What a screen shows when a call fails (portal-spec.md §8), in one place: the screen's network text
// when no answer came, the server's own words when it sent any, otherwise the screen's default.
import type { ErrorCode } from '@contract/errors.ts'
import { ApiError } from './api-client'

export interface FailureTexts {
  /** No answer came: offline, refused, or the call's time ran out (unless `timeout` says otherwise). */
  network: string
  /** The server answered without words of its own, or with an answer the call could not use. */
  fallback: string
  /** A call that timed out; `network` by default. */
  timeout?: string
  /** An answer came that does not match the call's schema: the screen's words for an incomplete answer; `fallback` by default. */
  invalidAnswer?: string
  /** A failure that is not the call's at all (a bug in the portal); `fallback` by default. */
  unexpected?: string
  /** The screen's own words for some codes, in place of the server's. */
  byCode?: Partial<Record<ErrorCode, string>>
}

export function failureText(error: unknown, texts: FailureTexts): string {
  if (!(error instanceof ApiError)) return texts.unexpected ?? texts.fallback
  if (error.kind === 'network') return texts.network
  if (error.kind === 'timeout') return texts.timeout ?? texts.network
  if (error.kind === 'invalid-answer') return texts.invalidAnswer ?? texts.fallback
  const byCode = error.code && texts.byCode?.[error.code]
  if (byCode) return byCode
  return (error.kind === 'http' && error.serverMessage) || texts.fallback
}

/** True when the call got no answer (offline, refused, timed out): the screen may say more about the connection. */
export function gotNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')
}
