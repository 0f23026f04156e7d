import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { refreshCredits } from '@/lib/credits'
import { pressEscapeIn, profileAnswer, renderWithPortal, setUpFakePortalApi, stubViewport, waitForDialogClosed } from '@/test/fake-portal-api'
import { AppShell } from './app-shell'

const api = setUpFakePortalApi()

const PAGES = [
  { path: '/my-jobs', text: 'My Jobs' },
  { path: '/create-job', text: 'Create Job' },
  { path: '/template-management', text: 'Template Management' },
]

function renderShell({ phone = false, at = '/my-jobs', credits = 42.5 } = {}) {
  stubViewport(phone)
  api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits }) })
  api.answer('GET', '/notification', { status: 200, body: [{ id: 7, message: 'Job 1042 is completed.', is_read: false, created_at: '2024-01-01T15:30:00', job_id: null }] })
  return renderWithPortal(<AppShell />, { at, children: PAGES })
}

// The element the toggle controls; off-canvas it has no accessible name, so it is found by its id.
const sidebar = () => document.getElementById(screen.getByRole('button', { name: /navigation$/ }).getAttribute('aria-controls')!)!
const nav = () => within(sidebar()).getByRole('navigation', { name: 'Main navigation' })
const toggle = (name: 'Collapse navigation' | 'Expand navigation') => screen.getByRole('button', { name })

describe('AppShell: the sidebar', () => {
  it('links the three pages and marks the current one', async () => {
    renderShell({ at: '/create-job' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Job' })).toBeInTheDocument()
    expect(sidebar()).toBe(screen.getByRole('complementary', { name: 'Sidebar' }))
    const links = within(nav()).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My Jobs', '/my-jobs'],
      ['Create Job', '/create-job'],
      ['Template Management', '/template-management'],
    ])
    expect(within(nav()).getByRole('link', { name: 'Create Job' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav()).getByRole('link', { name: 'My Jobs' })).not.toHaveAttribute('aria-current')
  })

  it('starts expanded on a wide screen and collapses to an icon rail, keeping the links named', async () => {
    const { user } = renderShell()
    expect(sidebar()).toHaveAttribute('data-state', 'expanded')
    expect(toggle('Collapse navigation')).toHaveAttribute('aria-expanded', 'true')
    expect(toggle('Collapse navigation')).toHaveAttribute('aria-controls', sidebar().id)

    await user.click(toggle('Collapse navigation'))
    expect(sidebar()).toHaveAttribute('data-state', 'rail')
    expect(toggle('Expand navigation')).toHaveAttribute('aria-expanded', 'false')
    expect(sidebar()).not.toHaveAttribute('inert')
    await user.click(within(nav()).getByRole('link', { name: 'Template Management' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Template Management' })).toBeInTheDocument()
    expect(sidebar()).toHaveAttribute('data-state', 'rail')

    await user.click(toggle('Expand navigation'))
    expect(sidebar()).toHaveAttribute('data-state', 'expanded')
  })

  it('starts collapsed and off-canvas at 768 px or less; a choice closes it again', async () => {
    const { user } = renderShell({ phone: true })
    expect(sidebar()).toHaveAttribute('data-state', 'hidden')
    expect(sidebar()).toHaveAttribute('inert')
    expect(toggle('Expand navigation')).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle('Expand navigation'))
    expect(sidebar()).toHaveAttribute('data-state', 'expanded')
    expect(sidebar()).not.toHaveAttribute('inert')
    expect(within(nav()).getByRole('link', { name: 'My Jobs' })).toHaveFocus()

    await user.click(within(nav()).getByRole('link', { name: 'Create Job' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Job' })).toBeInTheDocument()
    expect(sidebar()).toHaveAttribute('data-state', 'hidden')
    expect(toggle('Expand navigation')).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes the phone drawer with Escape, returning focus to the toggle, and with a tap beside it', async () => {
    const { user } = renderShell({ phone: true })
    await user.click(toggle('Expand navigation'))
    await user.keyboard('{Escape}')
    expect(sidebar()).toHaveAttribute('data-state', 'hidden')
    expect(toggle('Expand navigation')).toHaveFocus()

    await user.click(toggle('Expand navigation'))
    await user.click(screen.getByTestId('sidebar-backdrop'))
    expect(sidebar()).toHaveAttribute('data-state', 'hidden')
  })

  // Found walking issue 24 at 390 px: Add Credit chosen in the drawer closed the drawer, and the dialog
  // gave the focus back to a button the closed drawer made unreachable: it fell to <body>.
  it('gives the focus to the toggle when Add Credit, opened from the phone drawer, closes', async () => {
    const { user } = renderShell({ phone: true })
    await user.click(toggle('Expand navigation'))
    await user.click(within(sidebar()).getByRole('button', { name: 'Add Credit' }))
    await pressEscapeIn(await screen.findByRole('dialog', { name: 'Add Credit' }), user)
    await waitForDialogClosed()
    expect(sidebar()).toHaveAttribute('data-state', 'hidden')
    expect(toggle('Expand navigation')).toHaveFocus()
  })
})

describe('AppShell: Total Credit', () => {
  it('shows the balance with two decimals, not in the danger colour from 20', async () => {
    renderShell({ credits: 42.5 })
    expect(await within(sidebar()).findByText('42.50')).toBeInTheDocument()
    expect(sidebar().querySelector('[data-low-credit]')).toHaveAttribute('data-low-credit', 'false')
  })

  it('shows 0.00 in the danger colour', async () => {
    renderShell({ credits: 0 })
    expect(await within(sidebar()).findByText('0.00', { exact: false })).toBeInTheDocument()
    expect(sidebar().querySelector('[data-low-credit]')).toHaveAttribute('data-low-credit', 'true')
  })

  it("shows '--' until the profile arrives, and an error text when it cannot be loaded", async () => {
    stubViewport(false)
    api.answer('GET', '/profile', { status: 500, body: {} })
    renderWithPortal(<AppShell />, { children: PAGES })
    expect(within(sidebar()).getByText('--')).toBeInTheDocument()
    expect(await within(sidebar()).findByRole('alert')).toHaveTextContent(/^Could not load credit$/)
  })

  it("reloads the balance when a 'credits-updated' event is broadcast", async () => {
    renderShell({ credits: 42.5 })
    expect(await within(sidebar()).findByText('42.50')).toBeInTheDocument()
    const before = api.seen('GET', '/profile').length
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 17.25 }) })
    act(() => void window.dispatchEvent(new Event('credits-updated')))
    expect(await within(sidebar()).findByText('17.25', { exact: false })).toBeInTheDocument()
    expect(sidebar().querySelector('[data-low-credit]')).toHaveAttribute('data-low-credit', 'true')
    expect(api.seen('GET', '/profile')).toHaveLength(before + 1)
  })

  it('reloads the balance, with one request, when a money move calls refreshCredits', async () => {
    const { client } = renderShell({ credits: 42.5 })
    expect(await within(sidebar()).findByText('42.50')).toBeInTheDocument()
    const before = api.seen('GET', '/profile').length
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 17.25 }) })
    await act(() => refreshCredits(client))
    expect(await within(sidebar()).findByText('17.25', { exact: false })).toBeInTheDocument()
    // It also broadcasts 'credits-updated', which the balance hears: the two share one request.
    expect(api.seen('GET', '/profile')).toHaveLength(before + 1)
  })

  it('opens the Add Credit dialog, also from the icon rail', async () => {
    const { user } = renderShell()
    await user.click(within(sidebar()).getByRole('button', { name: 'Add Credit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Credit' })
    expect(within(dialog).getByRole('heading', { name: 'Recharge plans' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitForDialogClosed()

    await user.click(toggle('Collapse navigation'))
    await user.click(within(sidebar()).getByRole('button', { name: 'Add Credit' }))
    expect(await screen.findByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()
  })
})

describe('AppShell: the header', () => {
  // On a phone the sidebar is off-canvas, so the header shows the balance too.
  it('shows Total Credit in the header on a phone, in the danger colour when low, and not on a wider screen', async () => {
    const { unmount } = renderShell({ credits: 12.5, phone: true })
    const header = screen.getByRole('banner')
    expect(within(header).getByText('--')).toBeInTheDocument()
    expect(await within(header).findByText('12.50', { exact: false })).toBeInTheDocument()
    expect(within(header).getByText('Total Credit')).toBeInTheDocument()
    expect(header.querySelector('[data-low-credit]')).toHaveAttribute('data-low-credit', 'true')
    unmount()

    renderShell({ credits: 12.5 })
    expect(await within(sidebar()).findByText('12.50', { exact: false })).toBeInTheDocument()
    expect(within(screen.getByRole('banner')).queryByText('Total Credit')).not.toBeInTheDocument()
  })

  it('says in the header when the balance cannot be loaded', async () => {
    stubViewport(true)
    api.answer('GET', '/profile', { status: 500, body: {} })
    renderWithPortal(<AppShell />, { children: PAGES })
    expect(await within(screen.getByRole('banner')).findByText('Could not load credit')).toBeInTheDocument()
  })

  it('shows the notification bell with the unread count and the profile menu with the clerk’s name', async () => {
    renderShell()
    const header = screen.getByRole('banner')
    expect(await within(header).findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    expect(await within(header).findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })).toHaveTextContent('Jordan Fieldclerk')
  })

  it('opens the profile menu inside the header’s banner landmark, the clerk’s name and e-mail with it', async () => {
    const { user } = renderShell()
    const header = screen.getByRole('banner')
    await user.click(await within(header).findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' }))
    const menu = await within(header).findByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change Password', 'Delete Account', 'Logout'])
    expect(within(header).getByText('jordan@example.com')).toBeInTheDocument()
  })
})

describe('AppShell: without a connection', () => {
  it('says so above every page while offline, and takes it back when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderShell({ at: '/create-job' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Job' })).toBeInTheDocument()
    const banner = screen.getAllByRole('status').find((region) => region.textContent === 'You are offline. Showing what was stored on this device.')
    expect(banner).toBeDefined()

    online.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(screen.queryByText('You are offline. Showing what was stored on this device.')).not.toBeInTheDocument()
    expect(banner).toBeInTheDocument()
    online.mockRestore()
  })
})
