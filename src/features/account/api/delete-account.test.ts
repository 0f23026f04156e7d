// The deletion request checks its answer against the contract's MessageResponse (what the server's
// route answers): an answer of another shape fails as 'invalid-answer' (the dialog then shows its default).
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { deleteAccount } from './delete-account'

const api = setUpFakePortalApi()

describe('deleteAccount', () => {
  it('takes the server’s answer', async () => {
    api.answer('POST', '/account/gdpr-delete', { status: 200, body: { message: 'Requested', success: true } })
    await expect(deleteAccount()).resolves.toEqual({ message: 'Requested', success: true })
  })

  it('refuses an answer of another shape as invalid-answer', async () => {
    api.answer('POST', '/account/gdpr-delete', { status: 200, body: ['Requested'] })
    const failure = await deleteAccount().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
