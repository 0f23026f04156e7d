import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { heldReply, renderScreen, setUpFakeAuthApi, type FakeReply } from '../testing/auth-test-kit'
import { startFakeClock } from '@/test/manual-clock'
import { CompleteProfileForm, completeProfileProblem } from './complete-profile-form'

const api = setUpFakeAuthApi()
/** The spec's delay before sign-in (portal-spec.md §3), written here so that a change to the product's shows. */
const REDIRECT_MS = 2000

const DETAILS: FakeReply = { status: 200, body: { detail: { email: 'jo@example.com', full_name: 'Jo Clerk' } } }
const CREATED: FakeReply = { status: 200, body: { success: true, message: 'Account created successfully' } }
const GOOD_PASSWORD = 'Inspect-2026'

function renderAt(at = '/signup/continue?token=tok-123') {
  return renderScreen(<CompleteProfileForm />, { route: '/signup/continue', at })
}

const passwordInput = () => screen.getByLabelText(/^Password/)
const confirmInput = () => screen.getByLabelText(/^Confirm Password/)
const createButton = () => screen.getByRole('button', { name: 'Create Account' })
type User = ReturnType<typeof renderAt>['user']

async function detailsShown() {
  expect(await screen.findByDisplayValue('jo@example.com')).toBeInTheDocument()
}

async function submitPasswords(user: User, password: string, confirm = password) {
  if (password) await user.type(passwordInput(), password)
  if (confirm) await user.type(confirmInput(), confirm)
  await user.click(createButton())
}

async function alertText() {
  return (await screen.findByRole('alert')).textContent
}

describe('CompleteProfileForm: the details behind the link', () => {
  it('shows the name and email read via the token, read-only', async () => {
    api.answer('/auth/get-signup-details', DETAILS)
    renderAt()
    expect(screen.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeInTheDocument()
    await detailsShown()
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Jo Clerk')
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveAttribute('readonly')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly')
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/get-signup-details', body: { signup_token: 'tok-123' } }])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says the name and email cannot be changed, and shows them filled like the profile dialog\'s read-only fields', async () => {
    api.answer('/auth/get-signup-details', DETAILS)
    renderAt()
    await detailsShown()
    const hint = 'Your name and email come from your sign-up link and cannot be changed.'
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveAccessibleDescription(hint)
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(hint)
    // Fluent's filled-darker appearance (the grey fill the User Profile dialog gives its read-only fields).
    const filled = (name: string) => screen.getByRole('textbox', { name }).closest('.fui-Input')?.className ?? ''
    expect(filled('Full Name')).not.toBe(filled('Company Name'))
  })

  it('has a Show toggle on both password fields', async () => {
    api.answer('/auth/get-signup-details', DETAILS)
    const { user } = renderAt()
    await detailsShown()
    expect(passwordInput()).toHaveAttribute('type', 'password')
    expect(confirmInput()).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(passwordInput()).toHaveAttribute('type', 'text')
    expect(confirmInput()).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }))
    expect(confirmInput()).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(passwordInput()).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Hide confirm password' })).toHaveTextContent('Hide')
  })

  it('warns when the link has no token, and asks nothing', () => {
    renderAt('/signup/continue')
    expect(screen.getByText('Invalid or missing signup token. Please check your email link.')).toBeInTheDocument()
    expect(api.requests).toHaveLength(0)
  })

  it.each<[string, FakeReply, string]>([
    ['a refused token', { status: 400, body: { detail: 'This sign-up link is invalid or has expired. Please sign up again.' } }, 'This sign-up link is invalid or has expired. Please sign up again.'],
    ['a failure without a detail', { status: 500 }, 'Failed to verify signup token. Please try again or request a new signup link.'],
    ['no answer', 'network', 'Network error when fetching signup details'],
    ['an answer with neither field', { status: 200, body: { detail: {} } }, 'Incomplete user data received from server'],
    ['an empty answer', { status: 200, body: {} }, 'Incomplete user data received from server'],
    ['an answer without the email', { status: 200, body: { detail: { full_name: 'Jo Clerk' } } }, 'Email information missing from the server response.'],
    ['an answer without the name', { status: 200, body: { detail: { email: 'jo@example.com' } } }, 'Name information missing from the server response.'],
    ['an answer whose name is not text', { status: 200, body: { detail: { email: 'jo@example.com', full_name: ['Jo', 'Clerk'] } } }, 'Incomplete user data received from server'],
    ['an answer of another shape', { status: 200, body: { detail: 'jo@example.com' } }, 'Incomplete user data received from server'],
  ])('explains %s', async (_, reply, shown) => {
    api.answer('/auth/get-signup-details', reply)
    renderAt()
    expect(await alertText()).toBe(shown)
  })
})

describe('CompleteProfileForm: checks before sending, in the order of the spec', () => {
  it.each([
    ['', ''],
    [GOOD_PASSWORD, ''],
    ['', GOOD_PASSWORD],
  ])('asks for a password (password %j, confirmation %j)', async (password, confirm) => {
    api.answer('/auth/get-signup-details', DETAILS)
    const { user } = renderAt()
    await detailsShown()
    await submitPasswords(user, password, confirm)
    expect(await alertText()).toBe('Please provide a password')
    expect(api.requests).toHaveLength(1)
  })

  it('needs the name and email from the link', async () => {
    api.answer('/auth/get-signup-details', { status: 400, body: { detail: 'This sign-up link is invalid or has expired. Please sign up again.' } })
    const { user } = renderAt()
    await screen.findByRole('alert')
    await submitPasswords(user, GOOD_PASSWORD)
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Missing user information. Please try with a new signup link.')
    expect(api.requests).toHaveLength(1)
  })

  it('needs the passwords to match', async () => {
    api.answer('/auth/get-signup-details', DETAILS)
    const { user } = renderAt()
    await detailsShown()
    await submitPasswords(user, GOOD_PASSWORD, `${GOOD_PASSWORD}x`)
    expect(await alertText()).toBe('Passwords do not match')
  })

  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('applies the password rules: %j', async (password, shown) => {
    api.answer('/auth/get-signup-details', DETAILS)
    const { user } = renderAt()
    await detailsShown()
    await submitPasswords(user, password)
    expect(await alertText()).toBe(shown)
    expect(api.requests).toHaveLength(1)
  })

  it('checks the token last', () => {
    const form = { password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, fullName: 'Jo Clerk', email: 'jo@example.com', token: '' }
    // Without a token the page has no name and email, so the earlier check speaks first on screen.
    expect(completeProfileProblem(form)).toBe('Invalid signup token. Please check your email link.')
    expect(completeProfileProblem({ ...form, fullName: '' })).toBe('Missing user information. Please try with a new signup link.')
    expect(completeProfileProblem({ ...form, token: 'tok-123' })).toBeNull()
  })

  it('hints at the password’s strength', async () => {
    api.answer('/auth/get-signup-details', DETAILS)
    const { user } = renderAt()
    await user.type(passwordInput(), 'abc')
    expect(screen.getByText('Password strength:')).toHaveTextContent('Password strength: Weak')
    await user.type(passwordInput(), 'DEF1')
    expect(screen.getByText('Password strength:')).toHaveTextContent('Password strength: Moderate')
    await user.type(passwordInput(), '!xyz')
    expect(screen.getByText('Password strength:')).toHaveTextContent('Password strength: Strong')
  })
})

describe('CompleteProfileForm: creating the account', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends the whole profile, confirms, and after 2 seconds goes to sign-in with the email', async () => {
    const held = heldReply(CREATED)
    api.answer('/auth/get-signup-details', DETAILS)
    api.answer('/auth/signup', held.promise)
    const clock = startFakeClock()
    const { user } = renderAt()
    await detailsShown()
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '07700 900123')
    await user.type(screen.getByRole('textbox', { name: 'Company Name' }), 'Acme Inventories')
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 High Street, Leeds')
    await submitPasswords(user, GOOD_PASSWORD)
    await screen.findByRole('button', { name: 'Creating Account...' })

    // The clock is frozen while the answer that starts the 2 s is held: the redirect is then due
    // exactly 2 s after that answer, whatever the load.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('status').textContent).toBe('Signup Successful. Redirecting to Sign In page...'))
    expect(api.requests[1]).toEqual({
      method: 'POST',
      path: '/auth/signup',
      body: {
        email: 'jo@example.com',
        role: 'CLERK',
        full_name: 'Jo Clerk',
        password: GOOD_PASSWORD,
        phone_number: '07700 900123',
        company_name: 'Acme Inventories',
        address: '1 High Street, Leeds',
        signup_token: 'tok-123',
      },
    })

    await frozen.advance(REDIRECT_MS - 1)
    expect(screen.queryByLabelText('current path')).not.toBeInTheDocument()
    await frozen.advance(1)
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(JSON.parse(screen.getByLabelText('navigation state').textContent!)).toEqual({ registered: true, email: 'jo@example.com' })
  })

  it('reads Creating Account... while it waits for the server', async () => {
    const held = heldReply({ status: 409, body: { detail: 'An account with this email already exists.' } })
    api.answer('/auth/get-signup-details', DETAILS)
    api.answer('/auth/signup', held.promise)
    const { user } = renderAt()
    await detailsShown()
    await submitPasswords(user, GOOD_PASSWORD)
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await alertText()).toBe('An account with this email already exists.')
    expect(createButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each<[string, FakeReply, string]>([
    ['a 400 with a detail', { status: 400, body: { detail: 'This sign-up link is invalid or has expired. Please sign up again.' } }, 'This sign-up link is invalid or has expired. Please sign up again.'],
    ['a 409 with a detail', { status: 409, body: { detail: 'An account with this email already exists.' } }, 'An account with this email already exists.'],
    ['a failure without a detail', { status: 500 }, 'Failed to create account. Please try again.'],
    ['no answer', 'network', 'Network error during signup completion'],
    ['a non-success answer with a message', { status: 200, body: { success: false, message: 'Sign-up is closed today.' } }, 'Sign-up is closed today.'],
    ['a non-success answer without a message', { status: 200, body: { success: false } }, 'Failed to complete signup. Please try again.'],
    ['a success answer without its message (not the contract’s)', { status: 200, body: { success: true } }, 'Failed to complete signup. Please try again.'],
  ])('shows the failure for %s', async (_, reply, shown) => {
    api.answer('/auth/get-signup-details', DETAILS)
    api.answer('/auth/signup', reply)
    const { user } = renderAt()
    await detailsShown()
    await submitPasswords(user, GOOD_PASSWORD)
    expect(await alertText()).toBe(shown)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
