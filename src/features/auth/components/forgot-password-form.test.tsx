import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { heldReply, renderScreen, setUpFakeAuthApi, type FakeReply } from '../testing/auth-test-kit'
import { ForgotPasswordForm } from './forgot-password-form'

const api = setUpFakeAuthApi()

const SENT = 'If an account exists for this email, a reset link has been sent. Please check your email.'
const CHECK_INBOX =
  'Look in your inbox for an email from InspectScribe and follow the link in it. If it has not arrived within a few minutes, check your spam or junk folder.'

function renderForgot() {
  return renderScreen(<ForgotPasswordForm />, { route: '/forgot-password' })
}

const emailInput = () => screen.getByRole('textbox', { name: 'Email' })
const resetButton = () => screen.getByRole('button', { name: 'Reset Password' })

async function request(user: ReturnType<typeof renderForgot>['user'], email = 'jo@example.com') {
  await user.type(emailInput(), email)
  await user.click(resetButton())
}

describe('ForgotPasswordForm', () => {
  it('asks for one email (max 100) and links back to sign-in', async () => {
    const { user } = renderForgot()
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument()
    expect(emailInput()).toHaveAttribute('maxlength', '100')
    await user.click(screen.getByRole('link', { name: 'Back to Sign In' }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
  })

  it.each(['', '   '])('asks for the email address (%j)', async (typed) => {
    const { user } = renderForgot()
    if (typed) await user.type(emailInput(), typed)
    await user.click(resetButton())
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address.')
    expect(api.requests).toHaveLength(0)
  })

  it('confirms the link is on its way, with the instruction to check the inbox', async () => {
    api.answer('/auth/forgot-password', { status: 200, body: { message: SENT } })
    const { user } = renderForgot()
    await request(user, ' jo@example.com ')
    expect((await screen.findByRole('status')).textContent).toBe(`${SENT} ${CHECK_INBOX}`)
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/forgot-password', body: { email: 'jo@example.com' } }])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('takes any answer saying "check your email" as success', async () => {
    api.answer('/auth/forgot-password', { status: 200, body: { message: 'Please Check Your Email.' } })
    const { user } = renderForgot()
    await request(user)
    expect((await screen.findByRole('status')).textContent).toBe(`Please Check Your Email. ${CHECK_INBOX}`)
  })

  it('reads Sending... while it waits for the server', async () => {
    const held = heldReply({ status: 200, body: { message: SENT } })
    api.answer('/auth/forgot-password', held.promise)
    const { user } = renderForgot()
    await request(user)
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByRole('status')).toBeInTheDocument()
    expect(resetButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each<[string, FakeReply, string]>([
    ['a 403', { status: 403, body: { detail: 'This account is being deleted and can no longer sign in.' } }, 'This account is being deleted and can no longer sign in.'],
    ['a 429 with a detail', { status: 429, body: { detail: 'Too many requests. Please try again later.' } }, 'Too many requests. Please try again later.'],
    ['a failure without a detail', { status: 500 }, 'Failed to send password reset request. Please try again.'],
    ['no answer', 'network', 'Network error during password reset request'],
    ['an answer in other words', { status: 200, body: { message: 'Password resets are paused for maintenance.' } }, 'Password resets are paused for maintenance.'],
    ['an answer without a message', { status: 200, body: {} }, 'Failed to send password reset request. Please try again.'],
    ['an answer whose message is not text', { status: 200, body: { message: ['Check your email'] } }, 'Failed to send password reset request. Please try again.'],
  ])('shows the failure for %s', async (_, reply, shown) => {
    api.answer('/auth/forgot-password', reply)
    const { user } = renderForgot()
    await request(user)
    expect((await screen.findByRole('alert')).textContent).toBe(shown)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
