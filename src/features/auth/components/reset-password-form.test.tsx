import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderScreen, setUpFakeAuthApi, type FakeReply } from '../testing/auth-test-kit'
import { startFakeClock } from '@/test/manual-clock'
import { ResetPasswordForm } from './reset-password-form'

const api = setUpFakeAuthApi()
/** The spec's delay before sign-in (portal-spec.md §3), written here so that a change to the product's shows. */
const REDIRECT_MS = 2000

const GOOD_PASSWORD = 'Inspect-2026'

function renderAt(at = '/reset-password?token=reset-123') {
  return renderScreen(<ResetPasswordForm />, { route: '/reset-password', at })
}

const newInput = () => screen.getByLabelText(/^New Password/)
const confirmInput = () => screen.getByLabelText(/^Confirm Password/)
const resetButton = () => screen.getByRole('button', { name: 'Reset Password' })

async function submitPasswords(user: ReturnType<typeof renderAt>['user'], password: string, confirm = password) {
  if (password) await user.type(newInput(), password)
  if (confirm) await user.type(confirmInput(), confirm)
  await user.click(resetButton())
}

async function alertText() {
  return (await screen.findByRole('alert')).textContent
}

describe('ResetPasswordForm: checks before sending, in the order of the spec', () => {
  it('asks for the new password twice, with the strength hint', async () => {
    const { user } = renderAt()
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument()
    expect(newInput()).toHaveAttribute('maxlength', '100')
    expect(confirmInput()).toHaveAttribute('maxlength', '100')
    await user.type(newInput(), 'Abcdefg1')
    expect(screen.getByText('Password strength:')).toHaveTextContent('Password strength: Moderate')
    expect(screen.queryByText('Invalid or missing reset token. Please request a new password reset link.')).not.toBeInTheDocument()
  })

  it('warns when the link has no token', () => {
    renderAt('/reset-password')
    expect(screen.getByText('Invalid or missing reset token. Please request a new password reset link.')).toBeInTheDocument()
  })

  it.each([
    ['', ''],
    [GOOD_PASSWORD, ''],
    ['', GOOD_PASSWORD],
  ])('asks for both fields (new %j, confirmation %j)', async (password, confirm) => {
    const { user } = renderAt()
    await submitPasswords(user, password, confirm)
    expect(await alertText()).toBe('Please enter both password fields.')
    expect(api.requests).toHaveLength(0)
  })

  it('needs the passwords to match', async () => {
    const { user } = renderAt()
    await submitPasswords(user, 'short', 'other')
    expect(await alertText()).toBe('Passwords do not match.')
  })

  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('applies the password rules: %j', async (password, shown) => {
    const { user } = renderAt()
    await submitPasswords(user, password)
    expect(await alertText()).toBe(shown)
    expect(api.requests).toHaveLength(0)
  })

  it('refuses to send without a token', async () => {
    const { user } = renderAt('/reset-password')
    await submitPasswords(user, GOOD_PASSWORD)
    expect(await alertText()).toBe('Invalid or missing reset token. Please request a new password reset link.')
    expect(api.requests).toHaveLength(0)
  })
})

describe('ResetPasswordForm: resetting', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  // The clock is frozen while the answer that starts the 2 s is held: the redirect is then due exactly
  // 2 s after that answer, whatever the load.
  it('sends the token and password, confirms, and after 2 seconds goes to sign-in', async () => {
    const held = heldReply<FakeReply>({ status: 200, body: { message: 'Your password has been reset successfully.' } })
    api.answer('/auth/reset-password', held.promise)
    const clock = startFakeClock()
    const { user } = renderAt()
    await submitPasswords(user, GOOD_PASSWORD)
    await screen.findByRole('button', { name: 'Resetting Password...' })

    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('status').textContent).toBe('Your password has been reset successfully.'))
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/reset-password', body: { token: 'reset-123', new_password: GOOD_PASSWORD } }])
    await frozen.advance(REDIRECT_MS - 1)
    expect(screen.queryByLabelText('current path')).not.toBeInTheDocument()
    await frozen.advance(1)
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(JSON.parse(screen.getByLabelText('navigation state').textContent!)).toEqual({ passwordReset: true })
  })

  it.each<[string, FakeReply, string]>([
    ['the server’s message', { status: 200, body: { message: 'Password updated. Sign in with your new password.' } }, 'Password updated. Sign in with your new password.'],
    ['a default without one', { status: 200, body: {} }, 'Your password has been reset successfully.'],
  ])('confirms success with %s', async (_, reply, shown) => {
    api.answer('/auth/reset-password', reply)
    const { user } = renderAt()
    await submitPasswords(user, GOOD_PASSWORD)
    expect((await screen.findByRole('status')).textContent).toBe(shown)
  })

  it('reads Resetting Password... while it waits for the server', async () => {
    const held = heldReply({ status: 400, body: { detail: 'This reset link is invalid or has expired.' } })
    api.answer('/auth/reset-password', held.promise)
    const { user } = renderAt()
    await submitPasswords(user, GOOD_PASSWORD)
    expect(await screen.findByRole('button', { name: 'Resetting Password...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await alertText()).toBe('This reset link is invalid or has expired.')
    expect(resetButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each<[string, FakeReply, string]>([
    ['a refused token', { status: 400, body: { detail: 'This reset link is invalid or has expired.' } }, 'This reset link is invalid or has expired.'],
    ['a failure without a detail', { status: 500 }, 'Failed to reset password. Please try again or request a new reset link.'],
    ['no answer', 'network', 'Network error during password reset'],
    ['an answer whose message is not text', { status: 200, body: { message: 42 } }, 'Failed to reset password. Please try again or request a new reset link.'],
  ])('shows the failure for %s', async (_, reply, shown) => {
    api.answer('/auth/reset-password', reply)
    const { user } = renderAt()
    await submitPasswords(user, GOOD_PASSWORD)
    expect(await alertText()).toBe(shown)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
