import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { heldReply, renderWithPortal, setUpFakePortalApi, type FakeReply } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { JobDetailsDialog } from './job-details-dialog'

const api = setUpFakePortalApi()

const TRANSCRIPT = 'clerks/c1/jobs/12/transcripts/Final report #1.docx'
const TRANSCRIPT_ROUTE = '/files/13/clerks/c1/jobs/12/transcripts/Final%20report%20%231.docx'

const fullJob: DashboardJob = aDashboardJob({
  job_id: 12,
  property_address: '14 Acacia Avenue, York YO1 7HH',
  created_at: '2024-01-01T15:30:00',
  sla_deadline: '2024-01-03T09:05:00',
  audio_duration: 3725,
  cost: 12.5,
  audio_files: ['clerks/c1/jobs/12/audio/kitchen.mp3', 'clerks/c1/jobs/12/audio/bedroom one.wav'],
  template_files: ['clerks/c1/jobs/12/template/Inventory template.docx'],
  support_files: ['clerks/c1/jobs/12/support/floor plan.pdf', 'clerks/c1/jobs/12/support/meter.jpg', 'clerks/c1/jobs/12/support/keys.jpg'],
  transcript_files: [TRANSCRIPT],
  report_type: { name: 'Inventory Report' },
  job_type: { name: 'Human' },
  sla_slot: { name: '48 Hours' },
  staff_note: [
    { note: 'Audio for the garden was missing.', created_at: '2024-01-02T10:15:00' },
    { note: 'Transcript checked by a proofreader.', created_at: '2024-01-02T16:45:00' },
  ],
})

let saved: string[]

beforeEach(() => {
  saved = []
  // jsdom has no object URLs and does not download: record the names that would be saved instead.
  Object.assign(URL, { createObjectURL: () => 'blob:saved', revokeObjectURL: () => undefined })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
})

function renderDialog(job: DashboardJob | null = fullJob) {
  const onClose = vi.fn()
  const rendered = renderWithPortal(<JobDetailsDialog job={job} open onClose={onClose} />)
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Job Details' })
const section = (name: string) => within(dialog()).getByRole('region', { name })
const group = (name: string) => within(dialog()).getByRole('group', { name })

/** The value shown for `term` in the section's description list. */
function valueOf(container: HTMLElement, term: string): string | null {
  const dt = within(container).getByText(term, { selector: 'dt' })
  const dd = dt.nextElementSibling
  expect(dd?.tagName).toBe('DD')
  return dd?.textContent ?? null
}

const listed = (container: HTMLElement) => within(container).getAllByRole('listitem').map((item) => item.textContent)

describe('JobDetailsDialog: the five sections', () => {
  it('shows the sections as numbered headings, in order', () => {
    renderDialog()
    expect(within(dialog()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      '1. General Information',
      '2. Document Information',
      '3. Audio Files',
      '4. Job Information',
      '5. Output Files',
    ])
  })

  it('1. shows the job id, address, and the created and deadline dates en-GB', () => {
    renderDialog()
    const general = section('1. General Information')
    expect(valueOf(general, 'Job ID')).toBe('12')
    expect(valueOf(general, 'Property Address')).toBe('14 Acacia Avenue, York YO1 7HH')
    expect(valueOf(general, 'Created Date')).toBe('01 Jan 2024, 03:30 PM')
    expect(valueOf(general, 'Deadline Date')).toBe('03 Jan 2024, 09:05 AM')
  })

  it('2. lists the template files and supporting documents with counts, base names and downloads', () => {
    renderDialog()
    expect(group('Template Files (1)')).toBeInTheDocument()
    expect(listed(group('Template Files (1)'))).toEqual(['Inventory template.docxDownload'])
    expect(listed(group('Supporting Documents (3)'))).toEqual(['floor plan.pdfDownload', 'meter.jpgDownload', 'keys.jpgDownload'])
    expect(within(dialog()).getByRole('button', { name: 'Download template file Inventory template.docx' })).toBeInTheDocument()
    expect(within(dialog()).getByRole('button', { name: 'Download supporting document floor plan.pdf' })).toBeInTheDocument()
  })

  it('3. lists the audio files with their count and downloads', () => {
    renderDialog()
    const audio = section('3. Audio Files')
    expect(listed(within(audio).getByRole('group', { name: 'Audio Files (2)' }))).toEqual(['kitchen.mp3Download', 'bedroom one.wavDownload'])
    expect(within(audio).getByRole('button', { name: 'Download audio file bedroom one.wav' })).toBeInTheDocument()
  })

  it('4. shows report type, job type, TAT, total audio length and the cost in credits', () => {
    renderDialog()
    const info = section('4. Job Information')
    expect(valueOf(info, 'Report Type')).toBe('Inventory Report')
    expect(valueOf(info, 'Job Type')).toBe('Human')
    expect(valueOf(info, 'TAT')).toBe('48 Hours')
    expect(valueOf(info, 'Total Audio Length')).toBe('1:02:05')
    expect(valueOf(info, 'Cost')).toBe('12.50 Credits')
  })

  it('5. lists the transcripts with downloads and each staff note with its time', () => {
    renderDialog()
    const output = section('5. Output Files')
    expect(listed(within(output).getByRole('group', { name: 'Transcript Files (1)' }))).toEqual(['Final report #1.docxDownload'])
    expect(within(output).getByRole('button', { name: 'Download transcript file Final report #1.docx' })).toBeInTheDocument()
    expect(listed(within(output).getByRole('group', { name: 'Staff Notes (2)' }))).toEqual([
      'Audio for the garden was missing.02 Jan 2024, 10:15 AM',
      'Transcript checked by a proofreader.02 Jan 2024, 04:45 PM',
    ])
  })

  it('reads Not specified for missing values and a missing deadline, and Standard for a missing TAT', () => {
    const sparse = {
      ...aDashboardJob({ job_id: 3, audio_files: [], transcript_files: [], staff_note: [] }),
      // The server always sends a deadline; the dialog still reads a missing one as the spec says.
      sla_deadline: null,
      property_address: '',
      report_type: { name: '' },
      job_type: undefined,
      sla_slot: undefined,
      cost: undefined,
      audio_duration: undefined,
    } as unknown as DashboardJob
    renderDialog(sparse)
    expect(valueOf(section('1. General Information'), 'Deadline Date')).toBe('Not specified')
    expect(valueOf(section('1. General Information'), 'Property Address')).toBe('Not specified')
    const info = section('4. Job Information')
    expect(valueOf(info, 'Report Type')).toBe('Not specified')
    expect(valueOf(info, 'Job Type')).toBe('Not specified')
    expect(valueOf(info, 'TAT')).toBe('Standard')
    expect(valueOf(info, 'Total Audio Length')).toBe('Not specified')
    expect(valueOf(info, 'Cost')).toBe('Not specified')
    expect(within(group('Template Files (0)')).getByText('No template files')).toBeInTheDocument()
    expect(within(group('Supporting Documents (0)')).getByText('No supporting documents')).toBeInTheDocument()
    expect(within(group('Audio Files (0)')).getByText('No audio files')).toBeInTheDocument()
    expect(within(group('Transcript Files (0)')).getByText('No transcript files yet')).toBeInTheDocument()
    expect(within(group('Staff Notes (0)')).getByText('No staff notes')).toBeInTheDocument()
    expect(within(dialog()).queryByRole('button', { name: /^Download/ })).toBeNull()
  })

  it('says "No job details available" without a job', () => {
    renderDialog(null)
    expect(within(dialog()).getByText('No job details available')).toBeInTheDocument()
    expect(within(dialog()).queryByRole('heading', { level: 3 })).toBeNull()
  })

  it('closes with Close', async () => {
    const { user, onClose } = renderDialog()
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' }).at(-1)!)
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('JobDetailsDialog: downloads', () => {
  it('fetches a transcript from /files/13 with the Bearer header, saves it under its name, and reads the job list again', async () => {
    api.answer('GET', TRANSCRIPT_ROUTE, { status: 200, body: 'transcript' })
    const { user, client } = renderDialog()
    client.setQueryData(['jobs', 'dashboard', 1, 2], [fullJob])
    client.setQueryData(['profile'], { credits: 1 })
    await user.click(within(dialog()).getByRole('button', { name: 'Download transcript file Final report #1.docx' }))

    await waitFor(() => expect(saved).toEqual(['Final report #1.docx']))
    expect(api.seen('GET', TRANSCRIPT_ROUTE)).toEqual([{ method: 'GET', path: TRANSCRIPT_ROUTE, body: undefined, authorization: 'Bearer test-token' }])
    await waitFor(() => expect(client.getQueryState(['jobs', 'dashboard', 1, 2])?.isInvalidated).toBe(true))
    expect(client.getQueryState(['profile'])?.isInvalidated).toBe(false)
    expect(within(dialog()).queryByRole('alert')).toBeNull()
  })

  it.each<[string, string, string]>([
    ['audio file kitchen.mp3', '/files/10/clerks/c1/jobs/12/audio/kitchen.mp3', 'kitchen.mp3'],
    ['template file Inventory template.docx', '/files/11/clerks/c1/jobs/12/template/Inventory%20template.docx', 'Inventory template.docx'],
    ['supporting document floor plan.pdf', '/files/12/clerks/c1/jobs/12/support/floor%20plan.pdf', 'floor plan.pdf'],
  ])('downloads the %s from its own address and leaves the job list alone', async (button, route, name) => {
    api.answer('GET', route, { status: 200, body: 'file' })
    const { user, client } = renderDialog()
    client.setQueryData(['jobs', 'dashboard', 1, 2], [fullJob])
    await user.click(within(dialog()).getByRole('button', { name: `Download ${button}` }))
    await waitFor(() => expect(saved).toEqual([name]))
    expect(api.requests.map(({ path }) => path)).toEqual([route])
    expect(client.getQueryState(['jobs', 'dashboard', 1, 2])?.isInvalidated).toBe(false)
  })

  it.each<[string, string, string, FakeReply]>([
    ['transcript file Final report #1.docx', TRANSCRIPT_ROUTE, 'Failed to download transcript file. Please try again.', { status: 404, body: { detail: 'Not found' } }],
    ['audio file kitchen.mp3', '/files/10/clerks/c1/jobs/12/audio/kitchen.mp3', 'Failed to download audio file. Please try again.', { status: 500 }],
    ['template file Inventory template.docx', '/files/11/clerks/c1/jobs/12/template/Inventory%20template.docx', 'Failed to download template file. Please try again.', 'network'],
    ['supporting document meter.jpg', '/files/12/clerks/c1/jobs/12/support/meter.jpg', 'Failed to download supporting document. Please try again.', { status: 404 }],
  ])('shows an alert in the dialog when the %s cannot be downloaded', async (button, route, shown, reply) => {
    const alerts = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    api.answer('GET', route, reply)
    const { user } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: `Download ${button}` }))
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(saved).toEqual([])
    expect(alerts).not.toHaveBeenCalled()
  })

  it('clears the alert when the next download starts', async () => {
    api.answer('GET', TRANSCRIPT_ROUTE, { status: 404 })
    const held = heldReply({ status: 200, body: 'audio' })
    api.answer('GET', '/files/10/clerks/c1/jobs/12/audio/kitchen.mp3', held.promise)
    const { user } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Download transcript file Final report #1.docx' }))
    await within(dialog()).findByRole('alert')
    const audio = within(dialog()).getByRole('button', { name: 'Download audio file kitchen.mp3' })
    await user.click(audio)
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    expect(audio).toHaveAttribute('aria-disabled', 'true')
    held.release()
    await waitFor(() => expect(saved).toEqual(['kitchen.mp3']))
    // The button is released by the render after the save, not in the same tick.
    await waitFor(() => expect(audio).not.toHaveAttribute('aria-disabled', 'true'))
  })

  it('says a download needs a connection when offline, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { user } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Download transcript file Final report #1.docx' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(/^You are offline\. Downloading files needs a connection\.$/)
    expect(api.requests).toEqual([])
    expect(saved).toEqual([])
  })

  it('ends the session and goes to sign in on a 403', async () => {
    api.answer('GET', TRANSCRIPT_ROUTE, { status: 403, body: { detail: 'Not authenticated' } })
    const { user } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Download transcript file Final report #1.docx' }))
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(sessionStorage.getItem('auth_token')).toBeNull()
  })
})
