// The balance is read from GET /profile, checked against the contract's ProfileResponse: an answer of
// another shape fails as 'invalid-answer' instead of showing a balance that is not one. It shares that
// request with the profile query (the profile menu): one GET /profile for both.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { profileAnswer, setUpFakePortalApi } from '@/test/fake-portal-api'
import { getProfileQueryOptions } from '@/lib/profile-query'
import { getCreditBalance } from './get-credit-balance'

const api = setUpFakePortalApi()

describe('getCreditBalance', () => {
  it('reads the credits of the server’s profile answer', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 42.5 }) })
    await expect(getCreditBalance(new QueryClient())).resolves.toBe(42.5)
  })

  it('joins a profile request already under way, and asks again once that one is done', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 42.5, full_name: 'Jordan Clerk' }) })
    const client = new QueryClient()
    const profile = client.fetchQuery(getProfileQueryOptions())
    await expect(getCreditBalance(client)).resolves.toBe(42.5)
    await expect(profile).resolves.toMatchObject({ full_name: 'Jordan Clerk' })
    expect(api.seen('GET', '/profile')).toHaveLength(1)
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 17.25 }) })
    await expect(getCreditBalance(client)).resolves.toBe(17.25)
    expect(api.seen('GET', '/profile')).toHaveLength(2)
  })

  it.each([
    ['credits as text', { ...profileAnswer(), credits: '42.50' }],
    ['no credits', { ...profileAnswer(), credits: undefined }],
    ['not a profile', { message: 'ok' }],
  ])('refuses an answer with %s as invalid-answer', async (_, body) => {
    api.answer('GET', '/profile', { status: 200, body })
    const failure = await getCreditBalance(new QueryClient({ defaultOptions: { queries: { retry: false } } })).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
