import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { profileAnswer, renderWithPortal, setUpFakePortalApi, waitForDialogClosed } from '@/test/fake-portal-api'
import { ProfileMenu } from './profile-menu'

const api = setUpFakePortalApi()

function renderMenu() {
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  return renderWithPortal(<ProfileMenu />)
}

async function openMenu(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: 'Profile menu' }))
  return screen.findByRole('menu')
}

describe('ProfileMenu', () => {
  it('shows the clerk’s name, and offers Profile, Change Password, Delete Account and Logout', async () => {
    const { user } = renderMenu()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveTextContent('Jordan Fieldclerk'))
    const menu = await openMenu(user)
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change Password', 'Delete Account', 'Logout'])
    expect(screen.getByText('jordan@example.com')).toBeInTheDocument()
  })

  it('says so in the menu when the profile cannot be loaded', async () => {
    api.answer('GET', '/profile', { status: 500, body: {} })
    const { user } = renderWithPortal(<ProfileMenu />)
    await waitFor(() => expect(api.seen('GET', '/profile')).toHaveLength(1))
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
    api.answer('POST', '/account/gdpr-delete', { status: 200, body: { message: 'Your account will be deleted within 10 days.', success: true } })
    api.answer('POST', '/auth/logout', { status: 401, body: { detail: 'Not signed in' } })
    const { user } = renderMenu()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Delete Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' })
    for (const checkbox of within(dialog).getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Account deleted successfully. Redirecting to login page...')
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(sessionStorage.getItem('auth_token')).toBeNull()
  })
})
