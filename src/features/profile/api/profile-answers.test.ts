// The profile's changes check each answer against the contract's MessageResponse (what the server's
// routes answer): an answer of another shape fails as 'invalid-answer' (each screen then shows its default).
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { changePassword } from './change-password'
import { updateProfile } from './update-profile'

const api = setUpFakePortalApi()

const calls: [string, string, () => Promise<unknown>][] = [
  ['changePassword', '/profile/change-password', () => changePassword({ old_password: 'Old-pass-1', new_password: 'New-pass-1' })],
  ['updateProfile', '/profile/update', () => updateProfile({ full_name: 'Jo Clerk', company_name: 'Fieldclerk', phone_number: '0123', address: '1 Road' })],
]

describe('the profile’s changes', () => {
  it.each(calls)('%s takes the server’s answer', async (_, path, call) => {
    api.answer('PUT', path, { status: 200, body: { message: 'Done', success: true } })
    await expect(call()).resolves.toEqual({ message: 'Done', success: true })
  })

  it.each(calls)('%s refuses an answer of another shape as invalid-answer', async (_, path, call) => {
    api.answer('PUT', path, { status: 200, body: { message: 7, success: 'yes' } })
    const failure = await call().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
