import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { heldReply, renderScreen, setUpFakeAuthApi } from '../testing/auth-test-kit'
import { LoginForm } from './login-form'

const api = setUpFakeAuthApi()

function jwt(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

// Without a TanStack Query client, as in the app: /login does not load the query library.
function renderLogin(state?: unknown) {
  return renderScreen(<LoginForm />, { route: '/login', state, queries: false })
}

async function signIn(user: ReturnType<typeof renderLogin>['user'], email = 'clerk@example.com', password = 'Secret-123') {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email)
  await user.type(screen.getByLabelText(/^Password/), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('LoginForm', () => {
  it('shows the sign-in form with its links', () => {
    renderLogin()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('maxlength', '100')
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('maxlength', '100')
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })

  it.each([
    ['Forgot Password', '/forgot-password'],
    ['Sign up', '/signup'],
  ])('follows the %s link inside the app', async (name, path) => {
    const { user } = renderLogin()
    await user.click(screen.getByRole('link', { name }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(path)
  })

  it('shows and hides the password', async () => {
    const { user } = renderLogin()
    const password = screen.getByLabelText(/^Password/)
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('asks for both fields through the browser and sends nothing while one is empty', async () => {
    const { user } = renderLogin()
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'clerk@example.com')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByLabelText(/^Password/)).toBeInvalid()
    expect(api.requests).toHaveLength(0)
  })

  it('sends what the fields show when the browser filled them without telling React (a password manager in the prerendered form)', async () => {
    api.answer('/auth/login', { status: 200, body: { token: jwt({ sub: 'u1', exp: 1_900_000_000 }), role: 'CLERK', message: 'Login successful', success: true } })
    const { user } = renderLogin()
    // No input event: Chrome reveals a value it filled in before the scripts ran only when the person acts.
    ;(screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value = 'saved@example.com'
    ;(screen.getByLabelText(/^Password/) as HTMLInputElement).value = 'Saved-Secret-1'
    await user.click(screen.getByRole('button', { name: 'Sign In' }))

    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/my-jobs$/)
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/login', body: { email: 'saved@example.com', password: 'Saved-Secret-1' } }])
  })

  it('signs a clerk in: stores the session and goes to /my-jobs', async () => {
    const token = jwt({ sub: 'u1', exp: 1_900_000_000 })
    api.answer('/auth/login', { status: 200, body: { token, role: 'CLERK', message: 'Login successful', success: true } })
    sessionStorage.setItem('forced_logout', 'true')
    const { user } = renderLogin()
    await signIn(user)

    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/my-jobs$/)
    expect(api.requests).toEqual([{ method: 'POST', path: '/auth/login', body: { email: 'clerk@example.com', password: 'Secret-123' } }])
    expect(sessionStorage.getItem('auth_token')).toBe(token)
    expect(sessionStorage.getItem('token_expiry')).toBe('1900000000000')
    expect(sessionStorage.getItem('user_role')).toBe('CLERK')
    expect(sessionStorage.getItem('forced_logout')).toBeNull()
  })

  it('reads Signing In... while it waits for the server', async () => {
    const held = heldReply({ status: 401, body: { detail: { error: 'Invalid Credentials' } } })
    api.answer('/auth/login', held.promise)
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByRole('button', { name: 'Sign In' })).not.toHaveAttribute('aria-disabled', 'true')
  })

  it('refuses any role other than CLERK as "Invalid Credentials" and stores nothing', async () => {
    api.answer('/auth/login', { status: 200, body: { token: jwt({ exp: 1_900_000_000 }), role: 'ADMIN', message: 'Login successful', success: true } })
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid Credentials$/)
    expect(sessionStorage.length).toBe(0)
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('refuses an answer without its token as "Login failed" and stores nothing', async () => {
    api.answer('/auth/login', { status: 200, body: { role: 'CLERK', message: 'Login successful', success: true } })
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/)
    expect(sessionStorage.length).toBe(0)
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it.each([
    [401, { error: 'Invalid Credentials' }, 'invalid_credentials', 'Invalid Credentials'],
    [403, { error: 'This account is being deleted and can no longer sign in.' }, 'account_being_deleted', 'This account is being deleted and can no longer sign in.'],
    [429, { error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' }, 'rate_limited', 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'],
    [500, undefined, undefined, 'Login failed'],
  ])('shows a %i answer as the server’s words: %j', async (status, detail, code, shown) => {
    api.answer('/auth/login', { status, body: detail === undefined ? {} : { detail, code } })
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(sessionStorage.getItem('auth_token')).toBeNull()
  })

  // Branched on the code, never on the words: the server may word the refusal differently.
  it.each([
    [{ error: 'Inactive account' }, 'account_inactive', 'Your account has been deactivated by admin team'],
    [{ error: 'This account has been switched off.' }, 'account_inactive', 'Your account has been deactivated by admin team'],
    [{ error: 'Inactive account' }, 'forbidden', 'Inactive account'],
  ])('shows a 403 %j with code %s as "%s"', async (detail, code, shown) => {
    api.answer('/auth/login', { status: 403, body: { detail, code } })
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown}$`))
    expect(sessionStorage.getItem('auth_token')).toBeNull()
  })

  it('says "Network error during login" when the server cannot be reached', async () => {
    api.answer('/auth/login', 'network')
    const { user } = renderLogin()
    await signIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error during login$/)
  })

  it('welcomes a new account and fills in its email', () => {
    renderLogin({ registered: true, email: 'new.clerk@example.com' })
    expect(screen.getByRole('status')).toHaveTextContent(/^Account created successfully! You can now log in\.$/)
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new.clerk@example.com')
  })

  it('confirms a password reset', () => {
    renderLogin({ passwordReset: true })
    expect(screen.getByRole('status')).toHaveTextContent(/^Password has been reset successfully! You can now log in with your new password\.$/)
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('')
  })

  it('explains a logout for inactivity', () => {
    renderLogin({ sessionExpired: true })
    expect(screen.getByRole('status')).toHaveTextContent(/^Your session has timed out due to inactivity\. Please log in again\.$/)
  })

  it('shows no banner without navigation state', () => {
    renderLogin()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
