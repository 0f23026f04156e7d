import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { heldReply } from '@/test/fake-portal-api'
import { audioFile, costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi } from '../testing/create-job-test-kit'

const api = setUpCreateJobApi()

describe('Create Job, step 1: General Info', () => {
  it('shows the four steps with General Info current, its heading, and the report types with the first preselected', async () => {
    renderWizard()
    expect(screen.getByRole('heading', { level: 1, name: 'Create Job' })).toBeInTheDocument()
    const steps = screen.getByRole('list', { name: 'Steps' })
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1General Info', '2Cost', '3Documents', '4Job Summary'])
    expect(within(steps).getByText('General Info').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(within(steps).getByText('Cost').closest('li')).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('heading', { level: 2, name: 'General Info' })).toBeInTheDocument()
    const reportType = await screen.findByRole('combobox', { name: /^Report type/ })
    expect(await within(reportType).findByRole('option', { name: 'Inventory' })).toBeInTheDocument()
    // The wizard preselects the first type in an effect once the types arrive, so the options can be
    // in the page a render before the draft holds the choice: wait for the draft's choice to show.
    await waitFor(() => expect(reportType).toHaveAccessibleDescription('A full record of a property’s contents and condition before a tenancy.'))
    expect(reportType).toHaveValue('4')
  })

  it('says an audio file is required and keeps Next disabled until one is chosen', async () => {
    const { user } = renderWizard()
    expect(screen.getByText('At least one audio file is required to proceed.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await fillGeneralInfo(user)
    expect(screen.queryByText('At least one audio file is required to proceed.')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('says "Property address is required" on Next with a blank address, and sends nothing', async () => {
    const { user } = renderWizard()
    await fillGeneralInfo(user, [audioFile()], '   ')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Property address is required')).toBeInTheDocument()
    expect(api.seen('POST', '/clerk/calculate-cost')).toHaveLength(0)
  })

  it('lists the files with names cut to 15 characters keeping the extension, a count, and remove buttons', async () => {
    const { user } = renderWizard()
    await fillGeneralInfo(user, [audioFile('ground-floor-kitchen.mp3'), audioFile('hall.wav', 20)])
    const list = screen.getByRole('list', { name: 'Audio files' })
    const [long, short] = within(list).getAllByRole('listitem').map((item) => within(item).getByTitle(/./))
    // Cut by shortFileName (src/lib/file-extensions.ts): at most 15 characters, the extension kept, the whole name in the tooltip.
    expect(long!.textContent!.length).toBeLessThanOrEqual(15)
    expect(long!.textContent).toMatch(/^ground-.*\.mp3$/)
    expect(long).toHaveAttribute('title', 'ground-floor-kitchen.mp3')
    expect(short).toHaveTextContent(/^hall\.wav$/)
    expect(screen.getByText('2 files')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove ground-floor-kitchen.mp3' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByText('1 file')).toBeInTheDocument()
    // The focus goes on to the next file's remove button, not to the top of the page.
    expect(screen.getByRole('button', { name: 'Remove hall.wav' })).toHaveFocus()
  })

  it('refuses a file of a type not allowed with the spec’s message, keeping the allowed ones', async () => {
    const { user } = renderWizard()
    await fillGeneralInfo(user, [audioFile('notes.txt'), audioFile('hall.wav')])
    expect(screen.getByRole('alert')).toHaveTextContent(/^“notes.txt” cannot be added. Only audio files of type mp3, wav are allowed.$/)
    expect(within(screen.getByRole('list', { name: 'Audio files' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('keeps uploads disabled with the spec’s message when the allowed file types cannot be loaded', async () => {
    api.answer('GET', '/lookup/allowed-file-types', { status: 500, body: {} })
    renderWizard()
    expect(await screen.findByText('Failed to load allowed file types. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Audio files')).toBeDisabled()
  })

  it('uploads with "Calculating cost, please wait..." and progress, then shows Cost with the focus on its heading', async () => {
    const held = heldReply({ status: 200, body: costAnswer() })
    api.answer('POST', '/clerk/calculate-cost', held.promise)
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('button', { name: 'Calculating cost, please wait...' })).toBeDisabled()
    expect(screen.getByRole('group', { name: 'Uploading audio files' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toBeDisabled()
    held.release()
    const heading = await screen.findByRole('heading', { level: 2, name: 'Cost' })
    expect(heading).toHaveFocus()
    const form = api.seen('POST', '/clerk/calculate-cost')[0]!.body as FormData
    expect(form.get('report_type_id')).toBe('4')
    expect((form.getAll('audio_files') as File[]).map((file) => file.name)).toEqual(['kitchen.mp3'])
  })

  it('shows the server’s words naming the bad file and keeps the address and the files', async () => {
    api.answer('POST', '/clerk/calculate-cost', { status: 400, body: { detail: 'kitchen.mp3 could not be read as audio.', code: 'file_content_refused' } })
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('kitchen.mp3 could not be read as audio.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'General Info' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()

    // Once the file is gone, so is what was said about it.
    await user.click(screen.getByRole('button', { name: 'Remove kitchen.mp3' }))
    expect(screen.queryByText('kitchen.mp3 could not be read as audio.')).not.toBeInTheDocument()
  })

  it('says "Failed to calculate cost. Please try again." when the server fails without words', async () => {
    api.answer('POST', '/clerk/calculate-cost', { status: 500, body: {} })
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Failed to calculate cost. Please try again.')).toBeInTheDocument()
  })

  it('cancels the upload and keeps everything', async () => {
    api.answer('POST', '/clerk/calculate-cost', heldReply({ status: 200, body: costAnswer() }).promise)
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }))
    expect(await screen.findByText('Upload cancelled. Your details and files are still here.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeInTheDocument()
  })
})
