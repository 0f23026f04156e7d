import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Notification } from '@contract/notifications.ts'
import { heldReply, renderWithPortal, setUpFakePortalApi, type RenderOptions } from '@/test/fake-portal-api'
import { startFakeClock } from '@/test/manual-clock'
import { NotificationBell } from './notification-bell'

const api = setUpFakePortalApi()
/** The spec's poll (portal-spec.md §7), written here so that a change to the product's shows. */
const POLL_MS = 60_000

// Local times without an offset, so the expected text does not depend on the machine's time zone.
const LIST: Notification[] = [
  { id: 3, message: 'Job 1042 is completed. Your transcript is ready.', is_read: false, created_at: '2024-01-01T15:30:00', job_id: null },
  { id: 2, message: 'Job 1041 is in progress.', is_read: false, created_at: 'not a date', job_id: null },
  { id: 1, message: 'Welcome to InspectScribe.', is_read: true, created_at: '2023-12-24T09:05:00', job_id: null },
]

/** Notifications about jobs: the server names the job, so each opens it. */
const JOB_LIST: Notification[] = [
  { id: 12, message: 'Job #12 is now Scheduled.', is_read: false, created_at: '2024-01-02T10:00:00', job_id: 12 },
  { id: 11, message: 'New staff note on job #7: Kitchen audio is faint.', is_read: true, created_at: '2024-01-01T10:00:00', job_id: 7 },
]

function renderBell(list: Notification[] = LIST, userOptions?: RenderOptions['userOptions'], at = '/templates') {
  api.answer('GET', '/notification', { status: 200, body: list })
  // Mounted on every path, as in the shell's header; another path shows where a link went.
  return renderWithPortal(<NotificationBell />, { route: '/templates', at, userOptions })
}

const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` })
const badge = () => screen.queryByTestId('unread-badge')

async function openList(user: ReturnType<typeof renderBell>['user'], unread: number) {
  await user.click(await bell(unread))
  return screen.findByRole('list', { name: 'Notifications' })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('NotificationBell', () => {
  it('names the unread count and shows it as a badge', async () => {
    renderBell()
    expect(await bell(2)).toBeInTheDocument()
    expect(badge()).toHaveTextContent(/^2$/)
    expect(api.requests).toEqual([{ method: 'GET', path: '/notification', body: undefined, authorization: 'Bearer test-token' }])
  })

  it('hides the badge when nothing is unread', async () => {
    renderBell(LIST.map((notification) => ({ ...notification, is_read: true })))
    expect(await bell(0)).toBeInTheDocument()
    expect(badge()).not.toBeInTheDocument()
  })

  it('lists each message with its time, the unread ones marked, "Unknown time" for a bad date', async () => {
    const { user } = renderBell()
    const list = await openList(user, 2)
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Unread: Job 1042 is completed. Your transcript is ready.01 Jan 2024, 03:30 PM')
    expect(items[0]).toHaveAttribute('data-unread', 'true')
    expect(within(items[0]!).getByRole('button')).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Unread: Job 1041 is in progress.Unknown time')
    expect(items[2]).toHaveTextContent(/^Welcome to InspectScribe\.24 Dec 2023, 09:05 AM$/)
    expect(items[2]).toHaveAttribute('data-unread', 'false')
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument()
  })

  it('marks a clicked unread notification read at once, tells the server, and reloads the list', async () => {
    const { user } = renderBell()
    const list = await openList(user, 2)
    api.answer('PUT', '/notification/mark-read', { status: 200, body: { success: true, updated: 1 } })
    api.answer('GET', '/notification', { status: 200, body: LIST.map((n) => (n.id === 3 ? { ...n, is_read: true } : n)) })
    await user.click(within(list).getByRole('button', { name: /Job 1042 is completed/ }))

    expect(await bell(1)).toBeInTheDocument()
    expect(api.seen('PUT', '/notification/mark-read')).toEqual([
      { method: 'PUT', path: '/notification/mark-read', body: { notification_ids: [3] }, authorization: 'Bearer test-token' },
    ])
    await waitFor(() => expect(api.seen('GET', '/notification')).toHaveLength(2))
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('data-unread', 'false')
  })

  it('marks all as read in the list before the server answers, then reloads it', async () => {
    const { user } = renderBell()
    const list = await openList(user, 2)
    const held = heldReply({ status: 200, body: { success: true, updated: 2 } })
    api.answer('PUT', '/notification/mark-read', held.promise)
    api.answer('GET', '/notification', { status: 200, body: LIST.map((n) => ({ ...n, is_read: true })) })
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))

    // The server has not answered yet: the list already shows everything read.
    expect(await bell(0)).toBeInTheDocument()
    expect(within(list).queryAllByRole('button')).toHaveLength(0)
    for (const item of within(list).getAllByRole('listitem')) expect(item).toHaveAttribute('data-unread', 'false')
    expect(badge()).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true')
    expect(api.seen('PUT', '/notification/mark-read').map((request) => request.body)).toEqual([{ notification_ids: [3, 2], all: true }])
    expect(api.seen('GET', '/notification')).toHaveLength(1)

    held.release()
    await waitFor(() => expect(api.seen('GET', '/notification')).toHaveLength(2))
  })

  it('marks every one read on Mark all as read, also the newest that arrived after the last poll', async () => {
    // A server that keeps its own list: id 4 arrived after the portal's last poll, so the portal
    // does not know it when the clerk presses Mark all as read.
    let server: Notification[] = [{ ...LIST[0]!, id: 4, message: 'Job #5 is now Completed.', job_id: 5 }, ...LIST]
    const { user } = renderBell()
    await openList(user, 2)
    api.answer('PUT', '/notification/mark-read', () => {
      const body = api.seen('PUT', '/notification/mark-read').at(-1)!.body as { notification_ids: number[]; all?: boolean }
      server = server.map((n) => (body.all || body.notification_ids.includes(n.id) ? { ...n, is_read: true } : n))
      return { status: 200, body: { success: true, updated: 3 } }
    })
    api.answer('GET', '/notification', () => ({ status: 200, body: server }))
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))

    await waitFor(() => expect(api.seen('GET', '/notification')).toHaveLength(2))
    const list = await screen.findByRole('list', { name: 'Notifications' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4))
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Job #5 is now Completed\./)
    for (const item of within(list).getAllByRole('listitem')) expect(item).toHaveAttribute('data-unread', 'false')
    expect(await bell(0)).toBeInTheDocument()
  })

  it('opens a job’s notification as a link to that job’s details, marks it read and closes the list', async () => {
    const { user } = renderBell(JOB_LIST)
    const list = await openList(user, 1)
    api.answer('PUT', '/notification/mark-read', { status: 200, body: { success: true, updated: 1 } })
    const link = within(list).getByRole('link', { name: /Job #12 is now Scheduled\./ })
    expect(link).toHaveAttribute('href', '/my-jobs?job=12')
    expect(link).toHaveTextContent('Unread: Job #12 is now Scheduled.02 Jan 2024, 10:00 AMView job #12')
    // A read one still opens its job.
    expect(within(list).getByRole('link', { name: /New staff note on job #7/ })).toHaveAttribute('href', '/my-jobs?job=7')

    await user.click(link)
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/my-jobs')
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument()
    await waitFor(() => expect(api.seen('PUT', '/notification/mark-read').map((request) => request.body)).toEqual([{ notification_ids: [12] }]))
  })

  it('opens a job’s notification with Enter', async () => {
    const { user } = renderBell(JOB_LIST)
    await openList(user, 1)
    await user.tab()
    expect(screen.getByRole('link', { name: /Job #12 is now Scheduled\./ })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: /New staff note on job #7/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/my-jobs')
    // Already read: nothing to tell the server.
    expect(api.seen('PUT', '/notification/mark-read')).toEqual([])
  })

  it('fails to mark read silently, and shows what the server still has', async () => {
    const { user } = renderBell()
    const list = await openList(user, 2)
    api.answer('PUT', '/notification/mark-read', 'network')
    await user.click(within(list).getByRole('button', { name: /Job 1041 is in progress/ }))
    await waitFor(() => expect(api.seen('GET', '/notification')).toHaveLength(2))
    expect(await bell(2)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('opens and closes as a disclosure: the bell says whether the list is open, Escape closes it', async () => {
    const { user } = renderBell()
    const button = await bell(2)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await openList(user, 2)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('group', { name: 'Notifications' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: /Job 1042 is completed/ })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument())
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveFocus()
  })

  // Issue 24 item 14: the pressed button used to be disabled under the focus, which fell to <body>.
  it('keeps the focus on Mark all as read once all are read, so Escape closes the list back to the bell', async () => {
    const { user } = renderBell()
    await openList(user, 2)
    api.answer('PUT', '/notification/mark-read', { status: 200, body: { success: true, updated: 2 } })
    api.answer('GET', '/notification', { status: 200, body: LIST.map((n) => ({ ...n, is_read: true })) })
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(await bell(0)).toBeInTheDocument()
    const markAll = screen.getByRole('button', { name: 'Mark all as read' })
    expect(markAll).toHaveAttribute('aria-disabled', 'true')
    expect(markAll).toHaveFocus()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument())
    expect(await bell(0)).toHaveFocus()
  })

  it('says when there are no notifications', async () => {
    const { user } = renderBell([])
    await user.click(await bell(0))
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('says when the list cannot be loaded', async () => {
    api.answer('GET', '/notification', { status: 500, body: {} })
    const { user } = renderWithPortal(<NotificationBell />)
    await user.click(await bell(0))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get notifications$/)
  })

  // The clock is frozen while the answer that starts the 60 s is held: the next poll is then due
  // exactly 60 s after that answer, whatever the load.
  it('asks again 60 seconds after the last answer, not a millisecond sooner', async () => {
    const held = heldReply({ status: 200, body: LIST })
    api.answer('GET', '/notification', held.promise)
    const clock = startFakeClock()
    renderWithPortal(<NotificationBell />, { route: '/templates' })
    await waitFor(() => expect(api.seen('GET', '/notification')).toHaveLength(1))

    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument())
    api.answer('GET', '/notification', { status: 200, body: [{ ...LIST[0]!, id: 4 }, ...LIST] })
    await frozen.advance(POLL_MS - 1)
    expect(api.seen('GET', '/notification')).toHaveLength(1)
    await frozen.advance(1)
    expect(api.seen('GET', '/notification')).toHaveLength(2)
    // What the poll set off needs the clock running again (as in the app).
    clock.resume()
    expect(await bell(3)).toBeInTheDocument()
  })
})
