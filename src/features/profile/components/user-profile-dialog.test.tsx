import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { heldReply, profileAnswer, renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { UserProfileDialog } from './user-profile-dialog'

const api = setUpFakePortalApi()

function renderDialog() {
  const onClose = vi.fn()
  const rendered = renderWithPortal(<UserProfileDialog open onClose={onClose} />)
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'User Profile' })
const field = (name: string) => within(dialog()).getByRole('textbox', { name })
const updateButton = () => within(dialog()).getByRole('button', { name: 'Update' })

async function loaded() {
  return screen.findByRole('textbox', { name: 'Company Name' })
}

describe('UserProfileDialog', () => {
  it('shows name and email read-only and the editable fields filled in, with Update off', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    renderDialog()
    await loaded()
    expect(field('Full Name')).toHaveValue('Jordan Fieldclerk')
    expect(field('Full Name')).toHaveAttribute('readonly')
    expect(field('Email')).toHaveValue('jordan@example.com')
    expect(field('Email')).toHaveAttribute('readonly')
    expect(field('Company Name')).toHaveValue('Fieldclerk Inventories')
    expect(field('Company Name')).not.toHaveAttribute('readonly')
    expect(field('Phone Number')).toHaveValue('07700 900123')
    expect(field('Address')).toHaveValue('1 High Street, York')
    expect(updateButton()).toBeDisabled()
    expect(api.requests).toEqual([{ method: 'GET', path: '/profile', body: undefined, authorization: 'Bearer test-token' }])
  })

  it('keeps Update off while the name is typed into: it cannot be changed', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    const { user } = renderDialog()
    await loaded()
    await user.type(field('Full Name'), 'X')
    expect(field('Full Name')).toHaveValue('Jordan Fieldclerk')
    expect(updateButton()).toBeDisabled()
  })

  it.each(['Company Name', 'Phone Number', 'Address'])('turns Update on when %s changes, and off again when it is put back', async (name) => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    const { user } = renderDialog()
    await loaded()
    await user.type(field(name), '9')
    expect(updateButton()).toBeEnabled()
    await user.type(field(name), '{Backspace}')
    expect(updateButton()).toBeDisabled()
  })

  it('sends the snake_case reading with the placeholder employee code, confirms, and reloads the profile', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    api.answer('PUT', '/profile/update', { status: 200, body: { message: 'Profile updated successfully', success: true } })
    const { user } = renderDialog()
    await loaded()
    await user.clear(field('Company Name'))
    await user.type(field('Company Name'), '  Acme Inventories  ')
    await user.clear(field('Phone Number'))
    await user.type(field('Phone Number'), '01904 000000')
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ company_name: 'Acme Inventories', phone_number: '01904 000000' }) })
    await user.click(updateButton())

    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile updated successfully$/)
    expect(api.seen('PUT', '/profile/update')).toEqual([
      {
        method: 'PUT',
        path: '/profile/update',
        body: { full_name: 'Jordan Fieldclerk', phone_number: '01904 000000', address: '1 High Street, York', company_name: 'Acme Inventories', employee_code: 'EMP000' },
        authorization: 'Bearer test-token',
      },
    ])
    expect(api.seen('GET', '/profile')).toHaveLength(2)
    expect(field('Company Name')).toHaveValue('Acme Inventories')
    expect(updateButton()).toBeDisabled()
  })

  it('reads Updating... while the server works', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    const held = heldReply({ status: 200, body: { message: 'Profile updated successfully', success: true } })
    api.answer('PUT', '/profile/update', held.promise)
    const { user } = renderDialog()
    await loaded()
    await user.type(field('Address'), ', UK')
    await user.click(updateButton())
    expect(await within(dialog()).findByRole('button', { name: 'Updating...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully')
  })

  it.each([
    ['the server’s words', { status: 400, body: { detail: 'body/phone_number must NOT have more than 30 characters' } }, 'body/phone_number must NOT have more than 30 characters'],
    ['the default without them', { status: 500, body: {} }, 'Failed to update profile. Please try again.'],
    ['the network text without an answer', 'network' as const, 'Network error when updating user profile'],
  ])('shows %s when the update fails', async (_, reply, shown) => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    api.answer('PUT', '/profile/update', reply)
    const { user } = renderDialog()
    await loaded()
    await user.type(field('Company Name'), ' Ltd')
    await user.click(updateButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/[.]/g, '\\.')}$`))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(field('Company Name')).toHaveValue('Fieldclerk Inventories Ltd')
  })

  it.each([
    [{ status: 500, body: {} }, 'Failed to load user profile data.'],
    ['network' as const, 'Network error when fetching user profile'],
  ])('says why the profile could not be loaded (%j)', async (reply, shown) => {
    api.answer('GET', '/profile', reply)
    renderDialog()
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/[.]/g, '\\.')}$`))
    expect(updateButton()).toBeDisabled()
  })

  it('closes with Cancel and with the title bar’s close button', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    const { user, onClose } = renderDialog()
    await loaded()
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
  })
})
