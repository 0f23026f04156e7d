import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startFakeClock } from '@/test/manual-clock'
import { heldReply, renderWithPortal, setUpFakePortalApi, type FakeReply, type RenderOptions } from '@/test/fake-portal-api'
import { DELETE_JOBS_CLOSE_DELAY_MS, DeleteJobsDialog, type DeleteJobsDialogProps } from './delete-jobs-dialog'

const api = setUpFakePortalApi()

const CONFIRM = 'I understand that the selected job(s) and their files will be deleted permanently'

function renderDialog(props: Partial<DeleteJobsDialogProps> = {}, userOptions?: RenderOptions['userOptions']) {
  const onClose = vi.fn()
  const onDeleted = vi.fn()
  const rendered = renderWithPortal(<DeleteJobsDialog mode="multiple" jobIds={[3, 8]} open onClose={onClose} onDeleted={onDeleted} {...props} />, { userOptions })
  return { ...rendered, onClose, onDeleted }
}

const dialog = (name = 'Delete Multiple Jobs') => screen.getByRole('dialog', { name })
const checkbox = () => within(screen.getByRole('dialog')).getByRole('checkbox', { name: CONFIRM })
const deleteButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /^(Delete|Deleting\.\.\.)$/ })
const exactly = (text: string) => new RegExp(`^${text.replace(/[.?*+()#]/g, '\\$&')}$`)

type User = ReturnType<typeof renderDialog>['user']
async function confirmAndDelete(user: User) {
  await user.click(checkbox())
  await user.click(deleteButton())
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('DeleteJobsDialog: asking', () => {
  it('asks about one job in the Delete Job dialog', () => {
    renderDialog({ mode: 'single', jobIds: [12] })
    expect(within(dialog('Delete Job')).getByText('Are you sure you want to delete job #12?')).toBeInTheDocument()
    expect(within(dialog('Delete Job')).getByText('Their audio, documents and transcripts are deleted with them. This action cannot be undone.')).toBeInTheDocument()
    expect(checkbox()).not.toBeChecked()
  })

  it('names the selected jobs in the Delete Multiple Jobs dialog', () => {
    renderDialog()
    expect(within(dialog()).getByText('Are you sure you want to delete the 2 selected jobs?')).toBeInTheDocument()
    expect(within(dialog()).getByText('Jobs to delete: #3, #8')).toBeInTheDocument()
  })

  it('asks for the box to be ticked and sends nothing', async () => {
    const { user } = renderDialog()
    await user.click(deleteButton())
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(exactly('Please tick the box to confirm that you want to delete the selected job(s).'))
    expect(api.requests).toEqual([])
    await user.click(checkbox())
    expect(within(dialog()).queryByRole('alert')).toBeNull()
  })

  it('says "Please select at least one job to delete" without jobs, ticked or not', async () => {
    const { user } = renderDialog({ jobIds: [] })
    await user.click(deleteButton())
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(exactly('Please select at least one job to delete'))
    await confirmAndDelete(user)
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(exactly('Please select at least one job to delete'))
    expect(api.requests).toEqual([])
  })

  it('says deleting needs a connection when offline, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { user, onDeleted } = renderDialog()
    await confirmAndDelete(user)
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(exactly('You are offline. Deleting jobs needs a connection.'))
    expect(api.requests).toEqual([])
    expect(onDeleted).not.toHaveBeenCalled()
  })

  it('closes with Cancel, unticking the box', async () => {
    const { user, onClose } = renderDialog()
    await user.click(checkbox())
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(checkbox()).not.toBeChecked()
  })
})

describe('DeleteJobsDialog: the server', () => {
  it('sends the ids, shows the server’s message, and closes 3 seconds later', async () => {
    const held = heldReply({ status: 200, body: { message: '2 job(s) deleted' } })
    api.answer('DELETE', '/clerk/delete-jobs', held.promise)
    const clock = startFakeClock()
    const { user, onClose, onDeleted, client } = renderDialog({}, { advanceTimers: vi.advanceTimersByTime })
    client.setQueryData(['jobs', 'dashboard', 1, 2], [])
    await confirmAndDelete(user)
    await within(dialog()).findByRole('button', { name: 'Deleting...' })

    // The answer comes on a stopped clock: the countdown starts at this very moment.
    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(within(dialog()).getByRole('status')).toHaveTextContent(exactly('2 job(s) deleted')))
    expect(api.requests).toEqual([{ method: 'DELETE', path: '/clerk/delete-jobs', body: { job_ids: [3, 8] }, authorization: 'Bearer test-token' }])
    expect(onDeleted).toHaveBeenCalledWith([3, 8])
    expect(client.getQueryState(['jobs', 'dashboard', 1, 2])?.isInvalidated).toBe(true)
    expect(deleteButton()).toHaveAttribute('aria-disabled', 'true')
    expect(checkbox()).toBeDisabled()

    await frozen.advance(DELETE_JOBS_CLOSE_DELAY_MS - 1)
    expect(onClose).not.toHaveBeenCalled()
    await frozen.advance(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('takes "deleted successfully" as success too', async () => {
    api.answer('DELETE', '/clerk/delete-jobs', { status: 200, body: { message: 'Job 12 deleted successfully' } })
    const { user, onDeleted } = renderDialog({ mode: 'single', jobIds: [12] })
    await confirmAndDelete(user)
    expect(await within(dialog('Delete Job')).findByRole('status')).toHaveTextContent(exactly('Job 12 deleted successfully'))
    expect(onDeleted).toHaveBeenCalledWith([12])
  })

  it('stops the countdown when closed by Cancel before it ends', async () => {
    const held = heldReply({ status: 200, body: { message: '2 job(s) deleted' } })
    api.answer('DELETE', '/clerk/delete-jobs', held.promise)
    const clock = startFakeClock()
    const { user, onClose } = renderDialog({}, { advanceTimers: vi.advanceTimersByTime })
    await confirmAndDelete(user)
    await within(dialog()).findByRole('button', { name: 'Deleting...' })

    const frozen = clock.freeze()
    held.release()
    await frozen.settle(() => expect(within(dialog()).getByRole('status')).toHaveTextContent(exactly('2 job(s) deleted')))
    await frozen.advance(DELETE_JOBS_CLOSE_DELAY_MS - 1)
    // Testing Library's wrapper around user-event ends on a zero-delay timer, which a frozen clock never runs.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await frozen.advance(DELETE_JOBS_CLOSE_DELAY_MS)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('reads Deleting... while the server works', async () => {
    const held = heldReply({ status: 200, body: { message: '2 job(s) deleted' } })
    api.answer('DELETE', '/clerk/delete-jobs', held.promise)
    const { user } = renderDialog()
    await confirmAndDelete(user)
    expect(await within(dialog()).findByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true')
    held.release()
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('2 job(s) deleted')
  })

  it.each<[string, FakeReply, string]>([
    ['a refusal with the server’s words', { status: 400, body: { detail: 'Only Completed or Failed jobs can be deleted: job #12 is In Progress.' } }, 'Only Completed or Failed jobs can be deleted: job #12 is In Progress.'],
    ['a 404 with the server’s words', { status: 404, body: { detail: 'Job #8 was not found.' } }, 'Job #8 was not found.'],
    ['a failure without words', { status: 500 }, 'Failed to delete selected jobs'],
    ['an answer that does not say the jobs were deleted', { status: 200, body: { message: 'Nothing happened' } }, 'Nothing happened'],
    ['an empty answer', { status: 200, body: {} }, 'Failed to delete selected jobs'],
    ['no answer at all', 'network', 'Network error when deleting jobs'],
  ])('shows %s and keeps the dialog open', async (_, reply, shown) => {
    api.answer('DELETE', '/clerk/delete-jobs', reply)
    const { user, onClose, onDeleted } = renderDialog()
    await confirmAndDelete(user)
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(exactly(shown))
    expect(within(dialog()).queryByRole('status')).toBeNull()
    expect(onDeleted).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(deleteButton()).not.toHaveAttribute('aria-disabled', 'true')
  })
})
