// The template changes check each answer against the contract's MessageResponse (what the server's
// routes answer): an answer of another shape fails as 'invalid-answer'. Deleting tolerates an answer
// without its message (the dialog then says the template was not deleted).
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { createTemplate } from './create-template'
import { deleteTemplate } from './delete-template'

const api = setUpFakePortalApi()

const create = () => createTemplate({ templateName: 'Check-in', file: new File(['x'], 't.docx') })

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.catch((error: unknown) => error)
}

describe('createTemplate', () => {
  it('takes the server’s answer', async () => {
    api.answer('POST', '/clerk-template/create/', { status: 200, body: { message: 'Template uploaded successfully', success: true } })
    await expect(create()).resolves.toEqual({ message: 'Template uploaded successfully', success: true })
  })

  it('refuses an answer of another shape as invalid-answer', async () => {
    api.answer('POST', '/clerk-template/create/', { status: 200, body: { message: 7, success: 'yes' } })
    const failure = await failureOf(create())
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})

describe('deleteTemplate', () => {
  it.each([
    ['the server’s answer', { message: 'Deleted successfully', success: true }],
    ['an answer without its message', {}],
  ])('takes %s', async (_, body) => {
    api.answer('DELETE', '/clerk-template/7', { status: 200, body })
    await expect(deleteTemplate(7)).resolves.toEqual(body)
  })

  it.each([
    ['a message that is not text', { message: 7 }],
    ['not an object', ['Deleted successfully']],
  ])('refuses %s as invalid-answer', async (_, body) => {
    api.answer('DELETE', '/clerk-template/7', { status: 200, body })
    const failure = await failureOf(deleteTemplate(7))
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'invalid-answer' })
  })
})
