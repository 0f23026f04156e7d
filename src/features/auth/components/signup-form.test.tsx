import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { readLocal, writeLocal } from '@/lib/local-db'
import { heldReply, renderScreen, setUpFakeAuthApi, type FakeReply } from '../testing/auth-test-kit'
import { SIGNUP_DRAFT_ID, SIGNUP_DRAFT_STORE, SignupForm } from './signup-form'

const api = setUpFakeAuthApi()

const SUCCESS: FakeReply = { status: 200, body: { message: 'Signup successful. Check your email for verification.', success: true } }

function renderSignup() {
  return renderScreen(<SignupForm />, { route: '/signup' })
}

const nameInput = () => screen.getByRole('textbox', { name: 'Full Name' })
const emailInput = () => screen.getByRole('textbox', { name: 'Email' })
const termsBox = () => screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })
const continueButton = () => screen.getByRole('button', { name: 'Continue' })

async function fillIn(user: ReturnType<typeof renderSignup>['user'], name = 'Jo Clerk', email = 'jo@example.com') {
  if (name) await user.type(nameInput(), name)
  if (email) await user.type(emailInput(), email)
  await user.click(termsBox())
}

/** The draft as kept in the local database, unchecked. */
function draft(): Promise<unknown> {
  return readLocal(SIGNUP_DRAFT_STORE, SIGNUP_DRAFT_ID, Type.Unknown())
}

const keepDraft = (value: unknown) => writeLocal(SIGNUP_DRAFT_STORE, SIGNUP_DRAFT_ID, value)

describe('SignupForm', () => {
  it('asks for name and email (max 100) and agreement to the terms', () => {
    renderSignup()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument()
    expect(nameInput()).toHaveAttribute('maxlength', '100')
    expect(emailInput()).toHaveAttribute('maxlength', '100')
    expect(termsBox()).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('keeps Continue disabled until the terms are agreed', async () => {
    const { user } = renderSignup()
    expect(continueButton()).toBeDisabled()
    await user.click(termsBox())
    expect(continueButton()).toBeEnabled()
    await user.click(termsBox())
    expect(continueButton()).toBeDisabled()
  })

  it.each([
    ['', 'jo@example.com'],
    ['Jo Clerk', ''],
    ['   ', '   '],
  ])('asks for both name and email (name %j, email %j)', async (name, email) => {
    const { user } = renderSignup()
    if (name) await user.type(nameInput(), name)
    if (email) await user.type(emailInput(), email)
    await user.click(termsBox())
    await user.click(continueButton())
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter your full name and email$/)
    expect(api.requests).toHaveLength(0)
  })

  it('insists on the terms when the form is submitted without them', async () => {
    const { user } = renderSignup()
    await user.type(nameInput(), 'Jo Clerk')
    await user.type(emailInput(), 'jo@example.com')
    // Continue is disabled without the tick; the check still guards the form itself.
    fireEvent.submit(emailInput().closest('form')!)
    expect(screen.getByRole('alert')).toHaveTextContent(/^You must agree to the Terms and Conditions to continue$/)
    expect(api.requests).toHaveLength(0)
  })

  it('saves the form in the browser as typed and restores it on return', async () => {
    const first = renderSignup()
    await first.user.type(nameInput(), 'Jo')
    await expect.poll(draft).toEqual({ fullName: 'Jo', email: '', agreed: false })
    await first.user.type(emailInput(), 'jo@example.com')
    await first.user.click(termsBox())
    await expect.poll(draft).toEqual({ fullName: 'Jo', email: 'jo@example.com', agreed: true })
    first.unmount()

    renderSignup()
    await waitFor(() => expect(nameInput()).toHaveValue('Jo'))
    expect(emailInput()).toHaveValue('jo@example.com')
    expect(termsBox()).toBeChecked()
    expect(continueButton()).toBeEnabled()
  })

  it('keeps what was typed before the saved draft arrived, and saves that instead', async () => {
    await keepDraft({ fullName: 'Jo Clerk', email: 'jo@example.com', agreed: true })
    renderSignup()
    // The local database answers in a later task: this keystroke comes first.
    fireEvent.change(nameInput(), { target: { value: 'Sam' } })
    await expect.poll(draft).toEqual({ fullName: 'Sam', email: '', agreed: false })
    expect(nameInput()).toHaveValue('Sam')
    expect(emailInput()).toHaveValue('')
  })

  it('ignores, and removes, a draft of another shape', async () => {
    await keepDraft({ fullName: 'Jo Clerk', email: 42, agreed: 'yes' })
    renderSignup()
    await expect.poll(draft).toBeUndefined()
    expect(nameInput()).toHaveValue('')
    expect(termsBox()).not.toBeChecked()
  })

  it('sends name and email, clears the draft and goes to /emailrequest with them', async () => {
    api.answer('/auth/signup-request', SUCCESS)
    const { user } = renderSignup()
    await fillIn(user, ' Jo Clerk ', 'jo@example.com ')
    await expect.poll(draft).toMatchObject({ fullName: ' Jo Clerk ', agreed: true })
    await user.click(continueButton())

    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/emailrequest$/)
    expect(JSON.parse(screen.getByLabelText('navigation state').textContent!)).toEqual({ name: 'Jo Clerk', email: 'jo@example.com' })
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/signup-request', body: { full_name: 'Jo Clerk', email: 'jo@example.com' } }])
    await expect.poll(draft).toBeUndefined()
  })

  it('reads Continuing... while it waits for the server', async () => {
    const held = heldReply(SUCCESS)
    api.answer('/auth/signup-request', held.promise)
    const { user } = renderSignup()
    await fillIn(user)
    await user.click(continueButton())
    expect(await screen.findByRole('button', { name: 'Continuing...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/emailrequest')
  })

  it.each<[string, FakeReply, string]>([
    ['email_taken, whatever its words', { status: 409, body: { detail: 'An account with this email already exists.', code: 'email_taken' } }, 'Email ID already exists. Please use a different email or try logging in.'],
    ['a 409 with another code', { status: 409, body: { detail: 'That request was already sent.', code: 'conflict' } }, 'That request was already sent.'],
    ['400 with a detail', { status: 400, body: { detail: 'body/email must match format "email"' } }, 'body/email must match format "email"'],
    ['429 with a detail', { status: 429, body: { detail: 'Too many sign-up requests. Please try again later.' } }, 'Too many sign-up requests. Please try again later.'],
    ['500 without a detail', { status: 500 }, 'Something went wrong. Please try again.'],
    ['no answer', 'network', 'Something went wrong. Please try again.'],
    ['a non-success answer with a message', { status: 200, body: { success: false, message: 'Sign-up is closed today.' } }, 'Sign-up is closed today.'],
    ['a non-success answer without a message', { status: 200, body: { success: false } }, 'Signup failed. Please try again.'],
    ['a success answer without its message (not the contract’s)', { status: 200, body: { success: true } }, 'Signup failed. Please try again.'],
  ])('shows the failure for %s', async (_, reply, shown) => {
    api.answer('/auth/signup-request', reply)
    const { user } = renderSignup()
    await fillIn(user)
    await user.click(continueButton())
    expect((await screen.findByRole('alert')).textContent).toBe(shown)
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument()
    await expect.poll(draft).toEqual({ fullName: 'Jo Clerk', email: 'jo@example.com', agreed: true })
  })

  it('opens the terms in a dialog from the link, without ticking the box', async () => {
    const { user } = renderSignup()
    const link = screen.getByRole('link', { name: 'Terms and Conditions' })
    expect(link).toHaveAttribute('href', '/terms')
    await user.click(link)

    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' })
    const frame = within(dialog).getByTitle('Terms and Conditions')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', '/terms-and-conditions.html')
    expect(termsBox()).not.toBeChecked()

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('current path')).not.toBeInTheDocument()
  })
})
