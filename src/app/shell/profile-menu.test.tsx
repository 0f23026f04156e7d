import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_DELETED_REDIRECT_DELAY_MS } from '@/features/account/components/delete-account-dialog'
import { heldReply, profileAnswer, renderWithPortal, setUpFakePortalApi, waitForDialogClosed, type RenderOptions } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { ProfileMenu } from './profile-menu'

const api = setUpFakePortalApi()

function renderMenu(userOptions?: RenderOptions['userOptions']) {
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  return renderWithPortal(<ProfileMenu />, { userOptions })
}

async function openMenu(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: /Profile menu$/ }))
  return screen.findByRole('menu')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ProfileMenu', () => {
  it('shows the clerk’s name, and offers Profile, Change Password, Delete Account and Logout', async () => {
    const { user } = renderMenu()
    // Named by what it shows (the initials and the name), then what it is (WCAG 2.5.3 Label in Name).
    expect(await screen.findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })).toHaveTextContent('JF Jordan Fieldclerk')
    const menu = await openMenu(user)
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change Password', 'Delete Account', 'Logout'])
    expect(screen.getByText('jordan@example.com')).toBeInTheDocument()
  })

  it('says so in the menu when the profile cannot be loaded', async () => {
    api.answer('GET', '/profile', { status: 500, body: {} })
    const { user } = renderWithPortal(<ProfileMenu />)
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Profile menu' })).toBeInTheDocument()
    await openMenu(user)
    expect(await screen.findByText('Could not load profile data')).toBeInTheDocument()
  })

  it.each([
    ['Profile', 'User Profile'],
    ['Change Password', 'Change Password'],
    ['Delete Account', 'Delete Account'],
  ])('opens %s as the "%s" dialog, again after it was closed', async (item, title) => {
    const { user } = renderMenu()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: item }))
    const dialog = await screen.findByRole('dialog', { name: title })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitForDialogClosed()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: item }))
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument()
  })

  it('starts a reopened dialog afresh', async () => {
    const { user } = renderMenu()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Change Password' }))
    await user.type(within(await screen.findByRole('dialog')).getByLabelText(/^Current Password/), 'typed')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitForDialogClosed()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Change Password' }))
    expect(within(await screen.findByRole('dialog')).getByLabelText(/^Current Password/)).toHaveValue('')
  })

  it('logs out: ends the session on the server and here, forgets cached data, and goes to /login', async () => {
    api.answer('POST', '/auth/logout', { status: 204 })
    const { user, client } = renderMenu()
    await waitFor(() => expect(client.getQueryData(['profile'])).toBeDefined())
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(api.seen('POST', '/auth/logout')).toHaveLength(1)
    expect(sessionStorage.getItem('auth_token')).toBeNull()
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })

  it('signs out and goes to /login once the account deletion was accepted', async () => {
    const held = heldReply({ status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    api.answer('POST', '/account/gdpr-delete', held.promise)
    api.answer('POST', '/auth/logout', { status: 401, body: { detail: 'Not signed in' } })
    const clock = startFakeClock()
    const { user } = renderMenu({ advanceTimers: vi.advanceTimersByTime })
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Delete Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' })
    for (const checkbox of within(dialog).getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }))
    await within(dialog).findByRole('button', { name: 'Deleting...' })

    // The answer comes on a stopped clock, so the sign-out comes when the test moves it on, not after
    // 2 s of real time.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('status')).toHaveTextContent('Account deleted successfully. Redirecting to login page...'))
    await frozen.advance(ACCOUNT_DELETED_REDIRECT_DELAY_MS - 1)
    expect(api.seen('POST', '/auth/logout')).toHaveLength(0)
    expect(screen.queryByLabelText('current path')).toBeNull()
    await frozen.advance(1)
    await frozen.settle(() => expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/))
    expect(api.seen('POST', '/auth/logout')).toHaveLength(1)
    expect(sessionStorage.getItem('auth_token')).toBeNull()
  })
})
