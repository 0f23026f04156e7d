// The wizard without a connection (docs/decisions/wizard-without-a-connection.md): step
// 1's Next pressed offline says so, sends nothing, keeps everything and carries on by itself once the
// connection is back; a submit offline says so and goes only on the clerk's Try again, with the same
// idempotency key; a draft that already holds a cost answer asks whether the server still holds its
// folder instead of uploading the audio again.
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi } from '../testing/create-job-test-kit'

const api = setUpCreateJobApi()
// Back online for the next test: TanStack Query's onlineManager also heard the offline event.
afterEach(() => {
  vi.restoreAllMocks()
  window.dispatchEvent(new Event('online'))
})

const OFFLINE_COST = 'You are offline. The cost will be calculated as soon as the connection is back. Everything you entered is kept.'
const OFFLINE_SUBMIT = 'You are offline. The job has not been sent. Everything you entered is kept: press Try again when the connection is back.'
const LOST_SUBMIT = 'Network error when creating job. Everything you entered is kept: press Try again when the connection is back.'
const created = { status: 200, body: { success: true, message: 'Job created successfully.', job_id: 42, expectedCompletion: '2026-11-23T10:00:00.000Z' } }

/** Sets what navigator.onLine answers and announces it as the browser does. */
async function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  await act(async () => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

const next = () => screen.getByRole('button', { name: 'Next' })
const uploads = () => api.seen('POST', '/clerk/calculate-cost')

/** Step 1 priced, step 2 on AI, on to the summary with both statements ticked. */
async function readyToSubmit() {
  api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
  const rendered = renderWizard()
  const { user } = rendered
  await fillGeneralInfo(user)
  await user.click(next())
  await screen.findByRole('heading', { level: 2, name: 'Cost' })
  await user.click(next())
  await screen.findByRole('heading', { level: 2, name: 'Job Summary' })
  await user.click(screen.getByRole('checkbox', { name: 'I understand that the quality of the transcript depends on the quality of the input audio.' }))
  await user.click(screen.getByRole('checkbox', { name: 'I understand that credits are not refundable once the job is submitted.' }))
  return rendered
}

const createJobKeys = () => api.headers.filter((request) => request.path === '/api/clerk/create-job').map((request) => request.headers.get('idempotency-key'))

describe('Create Job without a connection: the cost', () => {
  it('says so on Next offline, sends nothing, keeps everything, and calculates the cost once the connection is back', async () => {
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await setOnline(false)
    await user.click(next())
    expect(await screen.findByText(OFFLINE_COST)).toBeInTheDocument()
    expect(uploads()).toHaveLength(0)
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeInTheDocument()

    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    await setOnline(true)
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(uploads()).toHaveLength(1)
  })

  it('with the device still online, an upload that breaks off is the spec\'s failure (not "offline"), keeps everything, and Next sends it again', async () => {
    const replies = ['network' as const, { status: 200, body: costAnswer() }]
    api.answer('POST', '/clerk/calculate-cost', () => replies.shift()!)
    const { user } = renderWizard()
    await fillGeneralInfo(user)
    await user.click(next())
    expect(await screen.findByText('Failed to calculate cost. Please try again.')).toBeInTheDocument()
    expect(screen.queryByText(OFFLINE_COST)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeInTheDocument()
    await user.click(next())
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(uploads()).toHaveLength(2)
  })
})

describe('Create Job: a draft that already holds a cost answer', () => {
  async function backToGeneralInfo() {
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    const rendered = renderWizard()
    await fillGeneralInfo(rendered.user)
    await rendered.user.click(next())
    await screen.findByRole('heading', { level: 2, name: 'Cost' })
    await rendered.user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('heading', { level: 2, name: 'General Info' })
    return rendered
  }

  it('does not upload the audio again while the server still holds its folder', async () => {
    const { user } = await backToGeneralInfo()
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', { status: 200, body: costAnswer() })
    await user.click(next())
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(api.seen('GET', '/clerk/calculate-cost/folder-token-1')).toHaveLength(1)
    expect(uploads()).toHaveLength(1)
  })

  it('uploads the audio again when the folder expired (410)', async () => {
    const { user } = await backToGeneralInfo()
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', {
      status: 410,
      body: { detail: 'The uploaded audio has expired. Please upload it again and calculate the cost again.', code: 'folder_expired' },
    })
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: { ...costAnswer(), folder_token: 'folder-token-2' } })
    await user.click(next())
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(uploads()).toHaveLength(2)
  })

  it('goes on to step 2 offline without asking, the answer it holds being for these very files', async () => {
    const { user } = await backToGeneralInfo()
    await setOnline(false)
    await user.click(next())
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(api.seen('GET', '/clerk/calculate-cost/folder-token-1')).toHaveLength(0)
    expect(uploads()).toHaveLength(1)
  })
})

describe('Create Job without a connection: the submit', () => {
  it('says so on Submit offline and sends nothing, not even when the connection is back, until Try again', async () => {
    const { user } = await readyToSubmit()
    api.answer('POST', '/clerk/create-job', created)
    await setOnline(false)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_SUBMIT)
    expect(api.seen('POST', '/clerk/create-job')).toHaveLength(0)
    await setOnline(true)
    expect(screen.getByRole('alert')).toHaveTextContent(OFFLINE_SUBMIT)
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled()
    expect(api.seen('POST', '/clerk/create-job')).toHaveLength(0)
    expect(screen.getByRole('checkbox', { name: /^I understand that credits/ })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('listitem', { name: 'Job created successfully! Job ID: 42' })).toBeInTheDocument()
    expect(api.seen('POST', '/clerk/create-job')).toHaveLength(1)
  })

  it('says the spec’s network words and Try again when the submit breaks off; Try again sends it once more with the same key', async () => {
    const replies = ['network' as const, created]
    api.answer('POST', '/clerk/create-job', () => replies.shift()!)
    const { user } = await readyToSubmit()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(LOST_SUBMIT)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('listitem', { name: 'Job created successfully! Job ID: 42' })).toBeInTheDocument()
    const keys = createJobKeys()
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })
})
