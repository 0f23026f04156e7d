import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pressEscapeIn } from '@/test/fake-portal-api'
import { aTemplate, heldReply, renderPage, setUpFakeApi, type FakeReply } from './templates-test-kit'
import { TemplateManagement } from './template-management'

const api = setUpFakeApi()

async function openDialog() {
  api.answer('GET /clerk-template', { status: 200, body: [aTemplate] })
  const rendered = renderPage(<TemplateManagement />)
  await rendered.user.click(await screen.findByRole('button', { name: 'Delete template Check-in report' }))
  const dialog = await screen.findByRole('dialog', { name: 'Delete Template' })
  return { ...rendered, dialog }
}

const deletes = () => api.requests.filter((request) => request.method === 'DELETE')

describe('DeleteTemplateDialog', () => {
  it('names the template, warns that the action cannot be undone, and asks for a confirmation', async () => {
    const { dialog } = await openDialog()
    expect(within(dialog).getByText('Are you sure you want to delete the template “Check-in report”?')).toBeInTheDocument()
    expect(within(dialog).getByText('This action cannot be undone. New jobs will have no default template until you upload another.')).toBeInTheDocument()
    const box = within(dialog).getByRole('checkbox', { name: /^I understand that this template will be permanently deleted/ })
    expect(box).not.toBeChecked()
    expect(box).toBeRequired()
  })

  it('keeps Delete disabled until the box is ticked', async () => {
    const { user, dialog } = await openDialog()
    const remove = within(dialog).getByRole('button', { name: 'Delete' })
    expect(remove).toBeDisabled()
    await user.click(remove)
    expect(deletes()).toHaveLength(0)
    await user.click(within(dialog).getByRole('checkbox'))
    expect(remove).toBeEnabled()
    await user.click(within(dialog).getByRole('checkbox'))
    expect(remove).toBeDisabled()
  })

  it('deletes the template, closes, confirms, shows the empty list and moves focus to the open form', async () => {
    api.answer('DELETE /clerk-template/7', async () => {
      api.answer('GET /clerk-template', { status: 200, body: [] })
      return { status: 200, body: { message: 'Deleted successfully' } }
    })
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(deletes()).toEqual([{ method: 'DELETE', url: '/api/clerk-template/7', body: undefined, authorization: 'Bearer test-token' }])
    expect(await screen.findByRole('status')).toHaveTextContent(/^Template deleted successfully$/)
    expect(screen.getByText(/^No template has been added yet/)).toBeInTheDocument()
    expect(screen.queryByText('To add a new template, remove the existing one first.')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Template Name/ })).toBeEnabled()
    // The Delete button went with the template: focus moves on to the next step, a new upload.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Template Name/ })).toHaveFocus())
  })

  it('reads Deleting... while it waits', async () => {
    const held = heldReply({ status: 200, body: { message: 'Deleted successfully' } })
    api.answer('DELETE /clerk-template/7', held.promise)
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const busy = await within(dialog).findByRole('button', { name: 'Deleting...' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    await user.click(busy)
    expect(deletes()).toHaveLength(1)
    held.release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it.each<[string, string, FakeReply]>([
    ['404 with the server’s words', 'Not found', { status: 404, body: { detail: 'Not found' } }],
    ['500 without words', 'Failed to delete template', { status: 500 }],
    ['an answer that does not say it was deleted', 'Failed to delete template', { status: 200, body: { message: 'Nothing happened' } }],
    ['no answer', 'An error occurred while deleting the template', 'network'],
  ])('shows a failure (%s) as "%s" and stays open', async (_, shown, reply) => {
    api.answer('DELETE /clerk-template/7', reply)
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${shown}$`))
    expect(screen.getByRole('dialog', { name: 'Delete Template' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled()
  })

  it('after a 404 reads the list again, which no longer holds the template', async () => {
    api.answer('DELETE /clerk-template/7', async () => {
      api.answer('GET /clerk-template', { status: 200, body: [] })
      return { status: 404, body: { detail: 'Not found' } }
    })
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(/^No template has been added yet/)).toBeInTheDocument()
  })

  it.each(['Cancel', 'Close'])('closes with %s without deleting, and asks again next time', async (name) => {
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(deletes()).toHaveLength(0)
    expect(screen.getByText('Check-in report')).toBeInTheDocument()

    // Fluent lifts the page's aria-hidden a moment after the dialog leaves: wait for the button to be reachable again.
    await user.click(await screen.findByRole('button', { name: 'Delete template Check-in report' }))
    const again = await screen.findByRole('dialog', { name: 'Delete Template' })
    expect(within(again).getByRole('checkbox')).not.toBeChecked()
    expect(within(again).getByRole('button', { name: 'Delete' })).toBeDisabled()
  })

  it('closes with Escape', async () => {
    const { user, dialog } = await openDialog()
    await pressEscapeIn(dialog, user)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
