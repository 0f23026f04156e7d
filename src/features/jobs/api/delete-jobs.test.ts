import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { deleteJobs } from './delete-jobs'

const api = setUpFakePortalApi()

describe('deleteJobs', () => {
  it('resolves with the server’s message', async () => {
    api.answer('DELETE', '/clerk/delete-jobs', { status: 200, body: { message: '2 job(s) deleted' } })
    await expect(deleteJobs([3, 4])).resolves.toEqual({ message: '2 job(s) deleted' })
  })

  it.each([[{}], [{ message: 2 }], [['2 job(s) deleted']]])('refuses an answer of another shape (%j) as invalid-answer', async (body) => {
    api.answer('DELETE', '/clerk/delete-jobs', { status: 200, body })
    const failure = await deleteJobs([3]).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
