// What every request field keeps to, whatever the field, so that no input reaches the database in a
// shape it refuses: PostgreSQL text cannot hold the NUL character, its integer ids end at 2^31 - 1,
// and a time must be one that JavaScript and PostgreSQL both hold.
import { Type } from 'typebox'

/** Text without the NUL character (U+0000); the server names the broken rule in plain words. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$'

/**
 * The `finite` keyword (the server's validator knows it): refuses Infinity, which the validator's
 * own type coercion makes of "1e400" in a query string or path without checking it again.
 */
const FINITE = { finite: true }

/** A text field: no NUL character, at most `maxLength` characters. */
export function Text(options: { minLength?: number; maxLength: number }) {
  return Type.String({ ...options, pattern: NO_NUL_PATTERN })
}

/** The largest id of a PostgreSQL integer (int4) column, the type of every numeric id here. */
export const MAX_ROW_ID = 2_147_483_647

/** The id of a row: a whole number from 1 to MAX_ROW_ID. */
export function RowId() {
  return Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, ...FINITE })
}

/**
 * The latest time a request may name, in ms: the end of year 9999 (UTC). JavaScript writes later
 * years as "+010000-…", which PostgreSQL refuses; the portal's date fields take four-digit years.
 */
export const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** A time as ms since 1970, from 1970 to the end of year 9999. */
export function TimeMs() {
  return Type.Integer({ minimum: 0, maximum: LATEST_TIME_MS, ...FINITE })
}

/** A whole number in a range, as a count or a limit. */
export function Count(options: { minimum: number; maximum: number }) {
  return Type.Integer({ ...options, ...FINITE })
}
