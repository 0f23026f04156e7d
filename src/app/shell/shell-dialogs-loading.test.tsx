// The shell's dialogs (the profile menu's three, the sidebar's Add Credit) are not loaded with the
// shell, only when first opened (docs/decisions/first-paint-budgets-and-bench.md). Each dialog
// module stands in through vi.mock only to tell when it is first imported; it is the real one.
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { profileAnswer, renderWithPortal, setUpFakePortalApi, stubViewport, waitForDialogClosed } from '@/test/fake-portal-api'
import { AppShell } from './app-shell'

const imported = vi.hoisted(() => new Set<string>())
vi.mock('@/features/profile/components/user-profile-dialog', async (importOriginal) => {
  imported.add('User Profile')
  return importOriginal()
})
vi.mock('@/features/profile/components/change-password-dialog', async (importOriginal) => {
  imported.add('Change Password')
  return importOriginal()
})
vi.mock('@/features/account/components/delete-account-dialog', async (importOriginal) => {
  imported.add('Delete Account')
  return importOriginal()
})
vi.mock('@/features/credits/components/add-credit-dialog', async (importOriginal) => {
  imported.add('Add Credit')
  return importOriginal()
})

const api = setUpFakePortalApi()

describe('AppShell: dialogs load when first opened', () => {
  it('shows the shell without loading any dialog, then loads each one as it is opened', async () => {
    stubViewport(false)
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    api.answer('GET', '/notification', { status: 200, body: [] })
    const { user } = renderWithPortal(<AppShell />, { at: '/my-jobs', children: [{ path: '/my-jobs', text: 'My Jobs' }] })
    const menuButton = await screen.findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })
    expect(screen.getByRole('button', { name: 'Add Credit' })).toBeInTheDocument()
    expect([...imported]).toEqual([])

    await user.click(menuButton)
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Change Password' }))
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument()
    expect([...imported]).toEqual(['Change Password'])
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitForDialogClosed()

    await user.click(screen.getByRole('button', { name: 'Add Credit' }))
    expect(await screen.findByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()
    expect([...imported].sort()).toEqual(['Add Credit', 'Change Password'])
  })
})
