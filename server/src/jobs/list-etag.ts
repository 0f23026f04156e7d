// The job list's validator (decisions.md, Performance: the job list). An unchanged 60 s refresh is
// answered 304 Not Modified from one primary-key read (the clerk's list stamp), without building the
// list. The ETag names everything the list depends on: the answer's format, the clerk, the range and
// the stamp that every change to the clerk's jobs renews.
import { createHash } from 'node:crypto'
import { DashboardResponse } from '@contract/jobs.ts'

/**
 * Raise when what the list's rows say changes while their schema does not (how a field is computed, a
 * migration that renames a lookup): browsers' ETags then stop matching and they read the list afresh.
 */
const LIST_CONTENT_VERSION = 1

/** The answer's format: the contract's schema, so that a new field or shape never answers 304 to an old copy. */
const LIST_FORMAT = createHash('sha256').update(`${LIST_CONTENT_VERSION}:${JSON.stringify(DashboardResponse)}`).digest('base64url')

export interface ListState {
  userId: string
  start: number
  end: number
  stamp: string
}

/**
 * A weak ETag (the gzip, brotli and plain answers are the same list): a hash, so it tells nothing of the
 * clerk or stamp, and another clerk's or another range's never matches this one's.
 */
export function listEtag({ userId, start, end, stamp }: ListState): string {
  const hash = createHash('sha256').update(`${LIST_FORMAT}|${userId}|${start}|${end}|${stamp}`).digest('base64url').slice(0, 27)
  return `W/"${hash}"`
}

/**
 * Whether If-None-Match names this ETag (RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`).
 * Not the `fresh` package: it refuses every request carrying `Cache-Control: no-cache`, which a browser
 * adds to a fetch made with `cache: 'no-store'`, the portal's own refresh.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return [header]
    .flat()
    .flatMap((value) => value.split(','))
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}
