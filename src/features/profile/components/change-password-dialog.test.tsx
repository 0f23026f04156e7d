import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderWithPortal, setUpFakePortalApi, type FakeReply, type RenderOptions } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { CHANGE_PASSWORD_CLOSE_DELAY_MS, ChangePasswordDialog } from './change-password-dialog'

const api = setUpFakePortalApi()

const CURRENT = 'Old-Pass-2025'
const NEW = 'New-Pass-2026!'

function renderDialog(userOptions?: RenderOptions['userOptions']) {
  const onClose = vi.fn()
  const rendered = renderWithPortal(<ChangePasswordDialog open onClose={onClose} />, { userOptions })
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Change Password' })
const current = () => within(dialog()).getByLabelText(/^Current Password/)
const next = () => within(dialog()).getByLabelText(/^New Password/)
const confirm = () => within(dialog()).getByLabelText(/^Confirm New Password/)
const checkbox = () => within(dialog()).getByRole('checkbox', { name: 'I confirm that I want to change my password' })
const submit = () => within(dialog()).getByRole('button', { name: 'Change Password' })

type User = ReturnType<typeof renderDialog>['user']

async function fill(user: User, values: { current?: string; next?: string; confirm?: string; tick?: boolean }) {
  if (values.current) await user.type(current(), values.current)
  if (values.next) await user.type(next(), values.next)
  if (values.confirm) await user.type(confirm(), values.confirm)
  if (values.tick) await user.click(checkbox())
}

async function submitValid(user: User) {
  await fill(user, { current: CURRENT, next: NEW, confirm: NEW, tick: true })
  await user.click(submit())
}

const escaped = (text: string) => new RegExp(`^${text.replace(/[.?*+()]/g, '\\$&')}$`)

afterEach(() => {
  vi.useRealTimers()
})

describe('ChangePasswordDialog: checks before sending, in the order of the spec', () => {
  it('asks for the three passwords and the confirmation, all capped at 100 characters', () => {
    renderDialog()
    for (const input of [current(), next(), confirm()]) {
      expect(input).toHaveAttribute('type', 'password')
      expect(input).toHaveAttribute('maxlength', '100')
    }
    expect(checkbox()).not.toBeChecked()
  })

  it('shows the strength of the new password', async () => {
    const { user } = renderDialog()
    await user.type(next(), 'abc')
    expect(within(dialog()).getByText('Password strength:')).toHaveTextContent('Password strength: Weak')
    await user.type(next(), 'DEF1')
    expect(within(dialog()).getByText('Password strength:')).toHaveTextContent('Password strength: Moderate')
    await user.type(next(), '!xyz')
    expect(within(dialog()).getByText('Password strength:')).toHaveTextContent('Password strength: Strong')
  })

  it.each([
    [{}, 'Please enter your current password'],
    [{ next: NEW, confirm: NEW, tick: true }, 'Please enter your current password'],
    [{ current: CURRENT }, 'Please enter a new password'],
    [{ current: CURRENT, confirm: NEW, tick: true }, 'Please enter a new password'],
    [{ current: CURRENT, next: CURRENT, confirm: 'different', tick: true }, 'Current password should not be same as new password'],
    [{ current: CURRENT, next: NEW, confirm: 'New-Pass-2027!' }, 'New passwords do not match'],
    [{ current: CURRENT, next: NEW }, 'New passwords do not match'],
    [{ current: CURRENT, next: 'Ab1!', confirm: 'Ab1!' }, 'Password must be at least 8 characters long'],
    [{ current: CURRENT, next: 'abcdefg1!', confirm: 'abcdefg1!' }, 'Password must contain at least one uppercase letter'],
    [{ current: CURRENT, next: 'ABCDEFG1!', confirm: 'ABCDEFG1!' }, 'Password must contain at least one lowercase letter'],
    [{ current: CURRENT, next: 'Abcdefgh!', confirm: 'Abcdefgh!' }, 'Password must contain at least one number'],
    [{ current: CURRENT, next: 'Abcdefgh1', confirm: 'Abcdefgh1' }, 'Password must contain at least one special character'],
    [{ current: CURRENT, next: NEW, confirm: NEW }, 'Please confirm this action by checking the box'],
  ])('with %j says "%s" and sends nothing', async (values, shown) => {
    const { user } = renderDialog()
    await fill(user, values)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(escaped(shown))
    expect(api.requests).toHaveLength(0)
  })
})

describe('ChangePasswordDialog: the server', () => {
  it('sends the old and new password, confirms, and closes 2 seconds later', async () => {
    const held = heldReply({ status: 200, body: { message: 'Password changed successfully', success: true } })
    api.answer('PUT', '/profile/change-password', held.promise)
    const clock = startFakeClock()
    const { user, onClose } = renderDialog({ advanceTimers: vi.advanceTimersByTime })
    await submitValid(user)
    await within(dialog()).findByRole('button', { name: 'Changing Password...' })

    // The answer comes on a stopped clock: the countdown starts at this very moment.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('status')).toHaveTextContent(/^Password changed successfully$/))
    expect(api.requests).toEqual([
      { method: 'PUT', path: '/profile/change-password', body: { old_password: CURRENT, new_password: NEW }, authorization: 'Bearer test-token' },
    ])
    expect(submit()).toHaveAttribute('aria-disabled', 'true')
    await frozen.advance(CHANGE_PASSWORD_CLOSE_DELAY_MS - 1)
    expect(onClose).not.toHaveBeenCalled()
    await frozen.advance(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('reads Changing Password... while the server works', async () => {
    const held = heldReply({ status: 200, body: { message: 'Password changed successfully', success: true } })
    api.answer('PUT', '/profile/change-password', held.promise)
    const { user } = renderDialog()
    await submitValid(user)
    expect(await within(dialog()).findByRole('button', { name: 'Changing Password...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully')
  })

  it.each<[string, FakeReply, string]>([
    ['a wrong current password', { status: 400, body: { detail: { error: 'Current password is incorrect' } } }, 'Current password is incorrect'],
    ['a broken rule', { status: 400, body: { detail: { error: 'Password must contain at least one special character' } } }, 'Password must contain at least one special character'],
    ['the same password', { status: 400, body: { detail: { error: 'Current password should not be same as new password' } } }, 'Current password should not be same as new password'],
    ['a failure without words', { status: 500, body: {} }, 'Failed to change password'],
    ['an answer that is not an HTTP answer', 'garbage', 'An error occurred while changing password'],
  ])('shows %s as the server’s detail or the default', async (_, reply, shown) => {
    api.answer('PUT', '/profile/change-password', reply)
    const { user, onClose } = renderDialog()
    await submitValid(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(escaped(shown))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(submit()).not.toHaveAttribute('aria-disabled', 'true')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('says it could not connect when no answer comes', async () => {
    api.answer('PUT', '/profile/change-password', 'network')
    const { user } = renderDialog()
    await submitValid(user)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Network error when changing password')).toBeInTheDocument()
    expect(within(alert).getByText('Could not connect to the server')).toBeInTheDocument()
  })

  it('closes with Cancel', async () => {
    const { user, onClose } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
