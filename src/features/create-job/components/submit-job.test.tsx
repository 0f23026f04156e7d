import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CREDITS_UPDATED_EVENT, creditKeys } from '@/lib/credits'
import { heldReply } from '@/test/fake-portal-api'
import { costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi, type WizardSetup } from '../testing/create-job-test-kit'

const api = setUpCreateJobApi()

const created = { status: 200, body: { success: true, message: 'Job created successfully.', job_id: 42, expectedCompletion: '2026-11-23T10:00:00.000Z' } }

/** Steps 1 and 2 of an AI job (one file), on to the summary. */
async function openAiSummary(setup: WizardSetup = {}) {
  api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
  const rendered = renderWizard(setup)
  await fillGeneralInfo(rendered.user)
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByRole('heading', { level: 2, name: 'Cost' })
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toHaveFocus()
  return rendered
}

const summary = () =>
  Object.fromEntries(within(screen.getByRole('heading', { level: 2, name: 'Job Summary' }).parentElement!).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]))

async function acceptBoth(user: Awaited<ReturnType<typeof openAiSummary>>['user']) {
  await user.click(screen.getByRole('checkbox', { name: 'I understand that the quality of the transcript depends on the quality of the input audio.' }))
  await user.click(screen.getByRole('checkbox', { name: 'I understand that credits are not refundable once the job is submitted.' }))
}

describe('Create Job, step 4: Job Summary', () => {
  it('sums up an AI job (Priority), disables the remarks, shows the balance after purchase, and goes Back to Cost', async () => {
    const { user } = await openAiSummary({ balance: 10 })
    expect(summary()).toEqual({
      'Property address': '14 Willow Crescent, Harrogate',
      'Report type': 'Inventory',
      'Transcription type': 'AI Only Transcription',
      Turnaround: 'Priority',
      'Audio files': 'kitchen.mp3 (1 file)',
      Template: 'Documents are not required',
      'Additional files': 'Documents are not required',
      Cost: '1.50 credits',
      'Audio length': '2 min 41 s',
    })
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toBeDisabled()
    expect(screen.getByText('Balance credit after purchase: 8.50')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toHaveFocus()
  })

  it('keeps Submit disabled until both statements are ticked', async () => {
    const { user } = await openAiSummary()
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'I understand that the quality of the transcript depends on the quality of the input audio.' }))
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'I understand that credits are not refundable once the job is submitted.' }))
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  it('submits with "Submitting...", then toasts "Job created successfully! Job ID: 42", refreshes the credits and goes to My Jobs', async () => {
    const held = heldReply(created)
    api.answer('POST', '/clerk/create-job', held.promise)
    const { user, client } = await openAiSummary()
    client.setQueryData(creditKeys.balance, 50)
    const broadcasts: Event[] = []
    const listening = new AbortController()
    window.addEventListener(CREDITS_UPDATED_EVENT, (event) => broadcasts.push(event), { signal: listening.signal })
    await acceptBoth(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    held.release()

    const toast = await screen.findByRole('listitem', { name: 'Job created successfully! Job ID: 42' })
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/my-jobs')
    expect(toast).toBeVisible()
    // Fluent's toast times itself with a CSS animation, which jsdom does not run: its length is the spec's 5 s (§9).
    expect(document.querySelector<HTMLElement>('[style*="animation-duration"]')?.style.animationDuration).toBe('5000ms')
    expect(broadcasts).toHaveLength(1)
    expect(client.getQueryState(creditKeys.balance)?.isInvalidated).toBe(true)
    listening.abort()

    const form = api.seen('POST', '/clerk/create-job')[0]!.body as FormData
    expect(Object.fromEntries(form.entries())).toEqual({
      property_address: '14 Willow Crescent, Harrogate',
      report_type_id: '4',
      job_type_id: '1',
      sla_slot_id: '1',
      folder_token: 'folder-token-1',
      remarks: '',
    })
    expect(api.headers.find((request) => request.path === '/api/clerk/create-job')?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('shows the server’s words when the job is refused, keeps everything, and a retry sends the same key', async () => {
    api.answer('POST', '/clerk/create-job', { status: 409, body: { detail: 'This job costs 1.50 credits, but your balance is 1.00. Please add credits and submit again.', code: 'insufficient_credits' } })
    const { user } = await openAiSummary()
    await acceptBoth(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This job costs 1.50 credits, but your balance is 1.00. Please add credits and submit again.')
    expect(screen.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /^I understand that credits/ })).toBeChecked()
    expect(summary()['Property address']).toBe('14 Willow Crescent, Harrogate')

    api.answer('POST', '/clerk/create-job', created)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('listitem', { name: 'Job created successfully! Job ID: 42' })).toBeInTheDocument()
    const keys = api.headers.filter((request) => request.path === '/api/clerk/create-job').map((request) => request.headers.get('idempotency-key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  it('sends the clerk back to the audio when its folder expired (410 folder_expired), to upload it again', async () => {
    const expired = 'The uploaded audio has expired. Please upload it again and calculate the cost again.'
    api.answer('POST', '/clerk/create-job', { status: 410, body: { detail: expired, code: 'folder_expired' } })
    const { user } = await openAiSummary()
    await acceptBoth(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'General Info' })).toHaveFocus()
    expect(screen.getByText(expired)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(api.seen('POST', '/clerk/calculate-cost')).toHaveLength(2)
  })

  it.each([
    ['no answer comes', 'network' as const, 'Network error when creating job'],
    ['the server sends no words', { status: 500, body: {} }, 'An error occurred while submitting the job. Please try again.'],
    ['the answer is not a success', { status: 200, body: { ...created.body, success: false, message: '' } }, 'An error occurred while submitting the job. Please try again.'],
  ])('says the spec’s words when %s', async (_, reply, words) => {
    api.answer('POST', '/clerk/create-job', reply)
    const { user } = await openAiSummary()
    await acceptBoth(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(words)
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  it('sends a human job’s remarks, its custom template and additional files', async () => {
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    api.answer('POST', '/clerk/create-job', created)
    const { user } = renderWizard({ templateName: 'Check-in report' })
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('radio', { name: 'Manual or Human Transcription' }))
    await user.click(screen.getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('radio', { name: 'Custom template' }))
    await user.upload(screen.getByLabelText('Template file'), new File(['t'], 'my-template.docx'))
    await user.upload(screen.getByLabelText('Additional files (optional)'), [new File(['p'], 'meter.jpg')])
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { level: 2, name: 'Job Summary' })
    expect(summary()).toMatchObject({ 'Transcription type': 'Manual or Human Transcription (Human)', Turnaround: '48 hours', Template: 'my-template.docx', 'Additional files': 'meter.jpg' })
    await user.type(screen.getByRole('textbox', { name: 'Remarks' }), 'Keys with the agent')
    await acceptBoth(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('listitem', { name: 'Job created successfully! Job ID: 42' })
    const form = api.seen('POST', '/clerk/create-job')[0]!.body as FormData
    expect(form.get('job_type_id')).toBe('3')
    expect(form.get('sla_slot_id')).toBe('3')
    expect(form.get('remarks')).toBe('Keys with the agent')
    expect(form.get('template_name')).toBe('my-template.docx')
    expect((form.get('template_files') as File).name).toBe('my-template.docx')
    expect((form.getAll('support_files') as File[]).map((file) => file.name)).toEqual(['meter.jpg'])
  })
})

describe('Cancel Job', () => {
  it('goes to My Jobs at once while the form is clean', async () => {
    const { user } = renderWizard()
    await user.click(screen.getByRole('button', { name: 'Cancel Job' }))
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/my-jobs')
  })

  it('asks "Leave this page?" while the form is dirty; Stay keeps the form', async () => {
    const { user } = renderWizard()
    await user.type(screen.getByRole('textbox', { name: /^Property address/ }), '1 High Street')
    await user.click(screen.getByRole('button', { name: 'Cancel Job' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    // Fluent gives the page back to the accessibility tree a little after the question has gone.
    expect(await screen.findByRole('textbox', { name: /^Property address/ })).toHaveValue('1 High Street')
  })
})
