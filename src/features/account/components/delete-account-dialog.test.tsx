import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderWithPortal, setUpFakePortalApi, type FakeReply, type RenderOptions } from '@/test/fake-portal-api'
import { keepClerkDraft } from '@/lib/clerk-drafts'
import { localDb } from '@/lib/local-db'
import { saveSession } from '@/lib/session'
import { startFakeClock } from '@/test/manual-clock'
import { ACCOUNT_DELETED_REDIRECT_DELAY_MS, DeleteAccountDialog } from './delete-account-dialog'

const api = setUpFakePortalApi()

const STATEMENTS = [
  'I understand that my account will be deleted within 10 days.',
  'I understand that my personal data will be cleared and cannot be recovered.',
  'I understand that I will be signed out now and cannot sign in again.',
]

function renderDialog(userOptions?: RenderOptions['userOptions']) {
  const onClose = vi.fn()
  const onDeleted = vi.fn()
  const rendered = renderWithPortal(<DeleteAccountDialog open onClose={onClose} onDeleted={onDeleted} />, { userOptions })
  return { ...rendered, onClose, onDeleted }
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete Account' })
const submit = () => within(dialog()).getByRole('button', { name: 'Delete Account' })

async function tickAll(user: ReturnType<typeof renderDialog>['user']) {
  for (const statement of STATEMENTS) await user.click(within(dialog()).getByRole('checkbox', { name: statement }))
}

afterEach(() => {
  vi.useRealTimers()
})

describe('DeleteAccountDialog', () => {
  it('asks for three statements, none ticked', () => {
    renderDialog()
    const group = within(dialog()).getByRole('group')
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3)
    for (const statement of STATEMENTS) expect(within(dialog()).getByRole('checkbox', { name: statement })).not.toBeChecked()
  })

  it.each([[[]], [[0]], [[0, 1]], [[1, 2]], [[0, 2]]])('refuses with only statements %j ticked, and sends nothing', async (ticked) => {
    const { user } = renderDialog()
    for (const index of ticked) await user.click(within(dialog()).getByRole('checkbox', { name: STATEMENTS[index]! }))
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please confirm all statements to proceed with account deletion\.$/)
    expect(api.requests).toHaveLength(0)
  })

  it('asks for the deletion, confirms it, and signs out 2 seconds later', async () => {
    const held = heldReply({ status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    api.answer('POST', '/account/gdpr-delete', held.promise)
    const clock = startFakeClock()
    const { user, onDeleted, onClose } = renderDialog({ advanceTimers: vi.advanceTimersByTime })
    await tickAll(user)
    await user.click(submit())
    await within(dialog()).findByRole('button', { name: 'Deleting...' })

    // The answer comes on a stopped clock: the countdown starts at this very moment.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('status')).toHaveTextContent(/^Account deleted successfully\. Redirecting to login page\.\.\.$/))
    expect(api.requests).toEqual([{ method: 'POST', path: '/account/gdpr-delete', body: undefined, authorization: 'Bearer test-token' }])
    expect(submit()).toHaveAttribute('aria-disabled', 'true')
    await frozen.advance(ACCOUNT_DELETED_REDIRECT_DELAY_MS - 1)
    expect(onDeleted).not.toHaveBeenCalled()
    await frozen.advance(1)
    expect(onDeleted).toHaveBeenCalledTimes(1)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('reads Deleting... while the server works', async () => {
    const held = heldReply({ status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    api.answer('POST', '/account/gdpr-delete', held.promise)
    const { user } = renderDialog()
    await tickAll(user)
    await user.click(submit())
    expect(await within(dialog()).findByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByRole('status')).toBeInTheDocument()
  })

  it.each<[string, FakeReply, string]>([
    ['the server’s words', { status: 409, body: { detail: 'Account deletion has already been requested.' } }, 'Account deletion has already been requested.'],
    ['the default without them', { status: 500, body: {} }, 'Failed to submit account deletion request. Please try again.'],
    ['the network text without an answer', 'network', 'Network error when deleting account'],
  ])('shows %s when the request fails, and stays signed in', async (_, reply, shown) => {
    api.answer('POST', '/account/gdpr-delete', reply)
    const { user, onDeleted } = renderDialog()
    await tickAll(user)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/[.]/g, '\\.')}$`))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(onDeleted).not.toHaveBeenCalled()
  })

  it('erases the clerk’s Create Job draft kept on this device once the deletion is accepted, and only then', async () => {
    await keepClerkDraft('7', [], () => ({ propertyAddress: '14 Willow Crescent' }))
    await keepClerkDraft('8', [], () => ({ propertyAddress: '2 Mill Lane' }))
    api.answer('POST', '/account/gdpr-delete', { status: 500, body: {} })
    const { user } = renderDialog()
    // Clerk 7's session (renderWithPortal signs in with a token that names nobody).
    saveSession(`h.${btoa(JSON.stringify({ sub: '7', exp: 4_102_444_800 }))}.s`, 'CLERK')
    await tickAll(user)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit account deletion request. Please try again.')
    expect(await localDb.clerkDrafts.count()).toBe(2)

    api.answer('POST', '/account/gdpr-delete', { status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    await user.click(submit())
    expect(await screen.findByRole('status')).toHaveTextContent('Account deleted successfully. Redirecting to login page...')
    await expect.poll(() => localDb.clerkDrafts.toCollection().primaryKeys()).toEqual(['8'])
  })

  it('closes with Cancel without asking anything', async () => {
    const { user, onClose } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(api.requests).toHaveLength(0)
  })
})
