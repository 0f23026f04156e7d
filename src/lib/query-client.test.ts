import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorKind } from './api-client'
import { createQueryClient } from './query-client'

const retry = createQueryClient().getDefaultOptions().queries?.retry as (failureCount: number, error: unknown) => boolean
const failure = (kind: ApiErrorKind, status: number) => new ApiError({ kind, status, message: 'x' })

describe('the queries’ retry rule', () => {
  it('retries twice what may mend: no answer, a timeout, a server error, anything unknown', () => {
    for (const error of [failure('network', 500), failure('timeout', 500), failure('http', 502), new Error('x')]) {
      expect([0, 1, 2].map((count) => retry(count, error))).toEqual([true, true, false])
    }
  })

  it('does not retry what will not mend: a client error, an unusable answer, a cancelled call', () => {
    for (const error of [failure('http', 404), failure('http', 403), failure('invalid-answer', 200), failure('aborted', 0)]) {
      expect(retry(0, error)).toBe(false)
    }
  })
})
