import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { failureText } from './failure-text'

const texts = { network: 'Network error', fallback: 'Please try again.' }

describe('failureText', () => {
  it('gives the network text when no answer came', () => {
    expect(failureText(new ApiError(500, undefined, true, 'Network error'), texts)).toBe('Network error')
  })

  it('gives the server’s words, as a string or as detail.error', () => {
    expect(failureText(new ApiError(400, 'Bad link', false, 'x'), texts)).toBe('Bad link')
    expect(failureText(new ApiError(401, { error: 'Invalid Credentials' }, false, 'x'), texts)).toBe('Invalid Credentials')
  })

  it('falls back when the server said nothing, or the failure is not a failed request', () => {
    expect(failureText(new ApiError(502, undefined, false, 'x'), texts)).toBe('Please try again.')
    expect(failureText(new ApiError(400, '', false, 'x'), texts)).toBe('Please try again.')
    expect(failureText(new Error('Cannot read properties of undefined'), texts)).toBe('Please try again.')
  })
})
