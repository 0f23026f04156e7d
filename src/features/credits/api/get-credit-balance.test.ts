// The balance is read from GET /profile, checked against the contract's ProfileResponse: an answer of
// another shape fails as 'invalid-answer' instead of showing a balance that is not one.
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { profileAnswer, setUpFakePortalApi } from '@/test/fake-portal-api'
import { getCreditBalance } from './get-credit-balance'

const api = setUpFakePortalApi()

describe('getCreditBalance', () => {
  it('reads the credits of the server’s profile answer', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 42.5 }) })
    await expect(getCreditBalance()).resolves.toBe(42.5)
  })

  it.each([
    ['credits as text', { ...profileAnswer(), credits: '42.50' }],
    ['no credits', { ...profileAnswer(), credits: undefined }],
    ['not a profile', { message: 'ok' }],
  ])('refuses an answer with %s as invalid-answer', async (_, body) => {
    api.answer('GET', '/profile', { status: 200, body })
    const failure = await getCreditBalance().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
