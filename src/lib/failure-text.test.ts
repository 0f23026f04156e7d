import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorInit } from './api-client'
import { failureText, gotNoAnswer } from './failure-text'

const texts = { network: 'Network error', fallback: 'Please try again.' }
const failed = (init: Partial<ApiErrorInit>) => new ApiError({ kind: 'http', status: 400, message: 'x', ...init })

describe('failureText', () => {
  it('gives the network text when no answer came, a timeout included unless it has its own', () => {
    expect(failureText(failed({ kind: 'network', status: 500 }), texts)).toBe('Network error')
    expect(failureText(failed({ kind: 'timeout', status: 500 }), texts)).toBe('Network error')
    expect(failureText(failed({ kind: 'timeout', status: 500 }), { ...texts, timeout: 'The server took too long.' })).toBe('The server took too long.')
  })

  it('gives the server’s words, as a string or as detail.error', () => {
    expect(failureText(failed({ detail: 'Bad link' }), texts)).toBe('Bad link')
    expect(failureText(failed({ status: 401, detail: { error: 'Invalid Credentials' } }), texts)).toBe('Invalid Credentials')
  })

  it('gives the screen’s own words for a code it names, whatever the server said', () => {
    const byCode = { account_inactive: 'Your account has been deactivated by admin team' }
    expect(failureText(failed({ status: 403, detail: { error: 'Inactive account' }, code: 'account_inactive' }), { ...texts, byCode })).toBe(
      'Your account has been deactivated by admin team',
    )
    expect(failureText(failed({ status: 403, detail: { error: 'Inactive account' }, code: 'forbidden' }), { ...texts, byCode })).toBe('Inactive account')
  })

  it('falls back when the server said nothing, or its answer was unusable, or the failure is not a failed request', () => {
    expect(failureText(failed({ status: 502 }), texts)).toBe('Please try again.')
    expect(failureText(failed({ detail: '' }), texts)).toBe('Please try again.')
    expect(failureText(failed({ kind: 'invalid-answer', status: 200 }), texts)).toBe('Please try again.')
    expect(failureText(new Error('Cannot read properties of undefined'), texts)).toBe('Please try again.')
    expect(failureText(new Error('Cannot read properties of undefined'), { ...texts, unexpected: 'An error occurred' })).toBe('An error occurred')
  })

  it('gives the screen’s words for an incomplete answer when the answer does not match the call’s schema', () => {
    const invalidAnswer = 'Signup failed. Please try again.'
    expect(failureText(failed({ kind: 'invalid-answer', status: 200 }), { ...texts, invalidAnswer })).toBe('Signup failed. Please try again.')
    expect(failureText(failed({ status: 502 }), { ...texts, invalidAnswer })).toBe('Please try again.')
  })
})

describe('gotNoAnswer', () => {
  it('is true for no answer and a timeout only', () => {
    expect([failed({ kind: 'network' }), failed({ kind: 'timeout' })].map(gotNoAnswer)).toEqual([true, true])
    expect([failed({}), failed({ kind: 'invalid-answer' }), failed({ kind: 'aborted' }), new Error('x')].map(gotNoAnswer)).toEqual([false, false, false, false])
  })
})
