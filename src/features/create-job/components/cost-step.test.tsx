import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { heldReply } from '@/test/fake-portal-api'
import { audioFile, costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi, type WizardSetup } from '../testing/create-job-test-kit'

const api = setUpCreateJobApi()

async function openCost(setup: WizardSetup = {}, files = [audioFile()], measured: Partial<CalculateCostResponse> = {}) {
  api.answer('POST', '/clerk/calculate-cost', { status: 200, body: { ...costAnswer(files.map((file) => file.name)), ...measured } })
  const rendered = renderWizard(setup)
  await fillGeneralInfo(rendered.user, files)
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByRole('heading', { level: 2, name: 'Cost' })
  return rendered
}

describe('Create Job, step 2: Cost', () => {
  it('shows the total audio length and starts one file on AI with its cost, Next enabled', async () => {
    await openCost()
    expect(screen.getByText(/^Total audio length:/)).toHaveTextContent('Total audio length: 2 min 41 s (charged as 3 minutes)')
    expect(screen.getByRole('radio', { name: 'AI Only Transcription' })).toBeChecked()
    expect(screen.getByText(/^AI cost:/)).toHaveTextContent('AI cost: 1.50 credits')
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('Cost').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it.each([
    // The server charges started minutes of the length rounded to the second (docs/decisions/whole-seconds-before-minutes.md):
    // a 12-minute MP3 reads 720.014 s with its encoder's padding, and is shown and charged as 12 minutes.
    [720.014, 12, 'Total audio length: 12 min 0 s (charged as 12 minutes)'],
    [720.5, 13, 'Total audio length: 12 min 1 s (charged as 13 minutes)'],
  ])('shows %s s as the whole seconds it is charged for', async (seconds, minutes, shown) => {
    await openCost({}, [audioFile()], { audio_duration: seconds, audio_minutes: minutes })
    expect(screen.getByText(/^Total audio length:/)).toHaveTextContent(shown)
  })

  it('shows the Human grid of turnarounds by job types (no AI column), each cell with its cost', async () => {
    const { user } = await openCost()
    await user.click(screen.getByRole('radio', { name: 'Manual or Human Transcription' }))
    const grid = screen.getByRole('radiogroup', { name: 'Turnaround and job type' })
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Turnaround', 'AI + Proofreading', 'Human'])
    expect(within(grid).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['24 Hours Standard', '48 Hours'])
    expect(within(grid).getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' })).not.toBeChecked()
    expect(within(grid).getByText('Not offered')).toBeInTheDocument()
    expect(screen.getByText('Choose a turnaround and job type in the table.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(within(grid).getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' }))
    expect(within(grid).getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' })).toBeChecked()
    expect(screen.getByText(/^Selected option:/)).toHaveTextContent('Selected option: Human, 48 Hours, 4.20 credits')
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('selects a cell from the keyboard', async () => {
    const { user } = await openCost()
    await user.click(screen.getByRole('radio', { name: 'Manual or Human Transcription' }))
    screen.getByRole('radio', { name: 'Human, 24 Hours Standard: 4.80 credits' }).focus()
    await user.keyboard(' ')
    expect(screen.getByText(/^Selected option:/)).toHaveTextContent('Selected option: Human, 24 Hours Standard, 4.80 credits')
  })

  it('warns "You have {n} credits but this job requires {m} credits", offers Add Credit, and disables Next', async () => {
    const { user } = await openCost({ balance: 4.5 })
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    await user.click(screen.getByRole('radio', { name: 'Manual or Human Transcription' }))
    await user.click(screen.getByRole('radio', { name: 'Human, 24 Hours Standard: 4.80 credits' }))
    expect(screen.getByText('You have 4.50 credits but this job requires 4.80 credits')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add Credit' }))
    expect(screen.getByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' }))
    expect(screen.queryByText(/^You have/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('says in the grid, before anything is chosen, that AI + Proofreading takes one audio file when the job has several', async () => {
    await openCost({}, [audioFile('kitchen.mp3'), audioFile('hall.mp3')])
    const grid = screen.getByRole('radiogroup', { name: 'Turnaround and job type' })
    const note = 'AI + Proofreading jobs take one audio file only, and this job has 2.'
    expect(screen.getByText(note)).toBeInTheDocument()
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Turnaround', 'AI + Proofreading (one audio file only)', 'Human'])
    expect(within(grid).getByRole('radio', { name: 'AI + Proofreading, 24 Hours Standard: 3.00 credits' })).toHaveAccessibleDescription(note)
    expect(within(grid).getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' })).not.toHaveAccessibleDescription(note)
    expect(screen.queryByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).not.toBeInTheDocument()
  })

  it('says nothing of it with one file', async () => {
    const { user } = await openCost()
    await user.click(screen.getByRole('radio', { name: 'Manual or Human Transcription' }))
    expect(screen.queryByText(/take one audio file only/)).not.toBeInTheDocument()
  })

  it('starts several files on Human; AI or AI + Proofreading with them says one file only and disables Next', async () => {
    const { user } = await openCost({}, [audioFile('kitchen.mp3'), audioFile('hall.mp3')])
    expect(screen.getByRole('radio', { name: 'Manual or Human Transcription' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'AI + Proofreading, 24 Hours Standard: 3.00 credits' }))
    expect(screen.getByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: 'AI Only Transcription' }))
    expect(screen.getByText('For AI and AI + Proofreading jobs, only one audio file can be submitted.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: 'Manual or Human Transcription' }))
    await user.click(screen.getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' }))
    expect(screen.queryByText(/only one audio file/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('shows AI at 5 credits when the answer has no AI option', async () => {
    const answer = costAnswer()
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: { ...answer, cost: answer.cost.slice(1) } })
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText(/^AI cost:/)).toHaveTextContent('AI cost: 5.00 credits')
  })

  it('goes back to General Info with everything kept, and on without a second upload (the server still holds the folder)', async () => {
    const { user } = await openCost()
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', { status: 200, body: costAnswer() })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'General Info' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(api.seen('POST', '/clerk/calculate-cost')).toHaveLength(1)
    expect(api.seen('GET', '/clerk/calculate-cost/folder-token-1')).toHaveLength(1)
  })

  describe('Join into one recording (issue 25)', () => {
    /** The server's answer for kitchen.mp3 and hall.mp3 joined: one file of 1 min 16 s, 2 started minutes. */
    const joinedAnswer = (): CalculateCostResponse => ({
      ...costAnswer(['Joined recording.webm']),
      folder_token: 'folder-token-joined',
      audio_duration: 75.7,
      audio_minutes: 2,
      audio_files: [{ file_name: 'Joined recording.webm', duration: 75.7, size: 300_000 }],
      cost: costAnswer().cost.map((option) => ({ ...option, cost: option.job_type_name === 'AI' ? 1 : option.cost })),
    })
    const oneFileOnly = 'For AI and AI + Proofreading jobs, only one audio file can be submitted.'

    it('offers the join with AI and several files, joins the priced folder on the server, and shows the joined length and price', async () => {
      const { user } = await openCost({}, [audioFile('kitchen.mp3'), audioFile('hall.mp3')])
      // No offer while the job is Human: several files are fine there.
      expect(screen.queryByRole('button', { name: 'Join into one recording' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('radio', { name: 'AI Only Transcription' }))
      expect(screen.getByText(oneFileOnly)).toBeInTheDocument()
      const held = heldReply({ status: 200, body: joinedAnswer() })
      api.answer('POST', '/clerk/calculate-cost', held.promise)
      await user.click(screen.getByRole('button', { name: 'Join into one recording' }))
      expect(await screen.findByText('Joining the recordings, please wait...')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Join into one recording' })).toBeDisabled()
      held.release()

      // Waits for the joined figure itself: the length priced before the join shows until the answer is read.
      await waitFor(() => expect(screen.getByText(/^Total audio length:/)).toHaveTextContent('Total audio length: 1 min 16 s (charged as 2 minutes)'))
      await waitFor(() => expect(screen.getByText(/^AI cost:/)).toHaveTextContent('AI cost: 1.00 credits'))
      expect(screen.getByText('Your 2 recordings are joined into one, in the order of step 1. The separate recordings stay in this draft until the job is sent.')).toBeInTheDocument()
      expect(screen.queryByText(oneFileOnly)).not.toBeInTheDocument()
      expect(screen.getByRole('radio', { name: 'AI Only Transcription' })).toBeChecked()
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
      // The server was asked to join the folder it priced, nothing uploaded again.
      const sent = api.seen('POST', '/clerk/calculate-cost').at(-1)!.body as FormData
      expect([sent.get('join'), sent.get('join_folder'), sent.get('report_type_id'), sent.getAll('audio_files')]).toEqual(['true', 'folder-token-1', '4', []])

      // Step 4 names the one file sent and what it holds; the draft keeps both recordings.
      await user.click(screen.getByRole('button', { name: 'Next' }))
      await screen.findByRole('heading', { level: 2, name: 'Job Summary' })
      expect(screen.getByText('Joined recording.webm (1 file), joined from kitchen.mp3, hall.mp3')).toBeInTheDocument()
    })

    it('offers it for AI + Proofreading in the grid, and keeps that choice at the joined price', async () => {
      const { user } = await openCost({}, [audioFile('kitchen.mp3'), audioFile('hall.mp3')])
      await user.click(screen.getByRole('radio', { name: 'AI + Proofreading, 24 Hours Standard: 3.00 credits' }))
      api.answer('POST', '/clerk/calculate-cost', { status: 200, body: joinedAnswer() })
      await user.click(screen.getByRole('button', { name: 'Join into one recording' }))
      expect(await screen.findByText(/^Selected option:/)).toHaveTextContent('Selected option: AI + Proofreading, 24 Hours Standard, 3.00 credits')
      expect(screen.getByText(/^Total audio length:/)).toHaveTextContent('Total audio length: 1 min 16 s (charged as 2 minutes)')
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    })

    it('says the server’s words when the join is refused, and keeps the files and the offer', async () => {
      const { user } = await openCost({}, [audioFile('kitchen.mp3'), audioFile('hall.mp3')])
      await user.click(screen.getByRole('radio', { name: 'AI Only Transcription' }))
      api.answer('POST', '/clerk/calculate-cost', { status: 400, body: { detail: '“hall.mp3” is not audio we can read. Please check the file and try again.', code: 'file_content_refused' } })
      await user.click(screen.getByRole('button', { name: 'Join into one recording' }))
      expect(await screen.findByText('“hall.mp3” is not audio we can read. Please check the file and try again.')).toBeInTheDocument()
      expect(screen.getByText(/^Total audio length:/)).toHaveTextContent('Total audio length: 2 min 41 s (charged as 3 minutes)')
      expect(screen.getByRole('button', { name: 'Join into one recording' })).toBeEnabled()
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    })
  })
})
