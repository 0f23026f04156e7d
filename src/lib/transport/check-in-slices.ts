// A long list answer is checked against its schema a slice at a time, giving the browser its main
// thread back between slices. Under the portal's Content-Security-Policy (no 'unsafe-eval') TypeBox
// cannot compile a checker and walks the schema for every value: about 33 µs a job on a 2-core
// machine, so one check of a 5,000-job dashboard held the main thread for about 165 ms, well past the
// 50 ms a task may take before the clerk feels it (scripts/bench/list-on-device.ts).
import type { TSchema } from 'typebox'
import { inSlices } from '../main-thread-slices'

/**
 * Items checked in one go. 250 took about 8 ms of a 2-core machine's time once the checker had run a
 * while, but 22-31 ms for the first slices of a page load (traced under Lighthouse), over 100 ms at
 * a slow tablet's 4x (docs/decisions/five-thousand-jobs-after-the-paint.md). 100 still took 11-24 ms
 * a slice in the bench's traces of a load that checks the list after the first page's paint (research
 * my-jobs-tablet.md §18): past the 12.5 ms that a tablet's 4x turns into blocking time. 40 keeps a
 * slice near 5-10 ms.
 */
export const CHECK_SLICE = 40

/** Array keywords about the list as a whole: a schema with any of them is checked in one go. */
const WHOLE_LIST_KEYWORDS = ['minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'prefixItems', 'additionalItems', 'unevaluatedItems']

type Check = (schema: TSchema, value: unknown) => boolean

/**
 * `check(schema, value)`, in slices of CHECK_SLICE items when `value` is a longer list and `schema` a
 * plain list of items (each item then stands alone, so every slice matching is the whole matching).
 */
export async function checkInSlices(check: Check, schema: TSchema, value: unknown): Promise<boolean> {
  const record = schema as Record<string, unknown>
  const sliceable = Array.isArray(value) && value.length > CHECK_SLICE && record.type === 'array' && !WHOLE_LIST_KEYWORDS.some((keyword) => keyword in record)
  if (!sliceable) return check(schema, value)
  return inSlices(value, CHECK_SLICE, (slice) => check(schema, slice))
}
