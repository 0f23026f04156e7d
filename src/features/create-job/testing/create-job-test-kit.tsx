// Test support for the Create Job tests (used only by *.test.tsx files): the API faked behind `fetch`
// (src/test/fake-portal-api.tsx) and behind XMLHttpRequest (calculate-cost follows its upload's
// progress, so the transport sends it with XHR): both answer from the same planned replies. And a
// render of the wizard in the app's providers, with the shell's Toaster and the /dashboard → /my-jobs
// redirect, so a test sees the toast and where the wizard went.
import { useState } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { beforeEach, expect, vi } from 'vitest'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { AppToaster } from '@/components/app-toaster'
import { saveSession } from '@/lib/session'
import { createTestQueryClient, setUpFakePortalApi, type FakePortalApi } from '@/test/fake-portal-api'
import { CreateJobWizard, type CreateJobWizardProps } from '../components/create-job-wizard'

export const REPORT_TYPES = [
  { id: 4, name: 'Inventory', description: 'A full record of a property’s contents and condition before a tenancy.' },
  { id: 5, name: 'Check-out', description: 'Compares the property with its inventory at the end of a tenancy.' },
]
export const JOB_TYPES = [
  { id: 1, name: 'AI', max_audio_files: 1 },
  { id: 2, name: 'AI + Proofreading', max_audio_files: 1 },
  { id: 3, name: 'Human', max_audio_files: null },
]
export const SLA_SLOTS = [
  { id: 1, name: '1 Hour Priority', hours: 1 },
  { id: 2, name: '24 Hours Standard', hours: 24 },
  { id: 3, name: '48 Hours', hours: 48 },
]
export const ALLOWED = { audio: ['mp3', 'wav'], template: ['docx', 'pdf'], support: ['pdf', 'jpg'] }

/** The server's answer for `files` audio files of 2 min 41 s in all (3 started minutes). */
export function costAnswer(fileNames: string[] = ['kitchen.mp3']): CalculateCostResponse {
  return {
    cost: [
      { job_type_id: 1, job_type_name: 'AI', sla_slot_id: 1, sla_slot_name: '1 Hour Priority', cost: 1.5 },
      { job_type_id: 2, job_type_name: 'AI + Proofreading', sla_slot_id: 2, sla_slot_name: '24 Hours Standard', cost: 3 },
      { job_type_id: 3, job_type_name: 'Human', sla_slot_id: 2, sla_slot_name: '24 Hours Standard', cost: 4.8 },
      { job_type_id: 3, job_type_name: 'Human', sla_slot_id: 3, sla_slot_name: '48 Hours', cost: 4.2 },
    ],
    audio_minutes: 3,
    folder_token: 'folder-token-1',
    audio_duration: 161.2,
    audio_files: fileNames.map((file_name) => ({ file_name, duration: 161.2 / fileNames.length, size: 1000 })),
    expires_at: '2099-01-01T00:00:00Z',
  }
}

export const audioFile = (name = 'kitchen.mp3', size = 1000) => new File([new Uint8Array(size)], name, { type: 'audio/mpeg' })

export interface CreateJobApi extends FakePortalApi {
  /** The headers of every request, in order, fetch and XHR alike. */
  readonly headers: { path: string; headers: Headers }[]
}

/**
 * Fakes the API for each test of the calling file: the lookups answered, every other call planned by
 * the test. XHR requests go to the same planned replies, after reporting half the body sent.
 */
export function setUpCreateJobApi(): CreateJobApi {
  const api = setUpFakePortalApi() as CreateJobApi
  const headers: CreateJobApi['headers'] = []
  Object.defineProperty(api, 'headers', { value: headers })
  beforeEach(() => {
    headers.length = 0
    saveSession('test-token', 'CLERK')
    api.answer('GET', '/lookup/report-types', { status: 200, body: REPORT_TYPES })
    api.answer('GET', '/lookup/job-types', { status: 200, body: JOB_TYPES })
    api.answer('GET', '/lookup/sla-slots', { status: 200, body: SLA_SLOTS })
    api.answer('GET', '/lookup/allowed-file-types', { status: 200, body: ALLOWED })
    const planned = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      headers.push({ path: new URL(String(input), 'http://portal.test').pathname, headers: new Headers(init?.headers) })
      return planned(input, init)
    })
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  })
  return api
}

type Listener = (event: { loaded: number; total: number; lengthComputable: boolean }) => void

/** What the transport's send.ts uses of XMLHttpRequest, answered by the (stubbed) fetch. */
class FakeXhr {
  status = 0
  responseText = ''
  withCredentials = false
  responseType = ''
  private method = 'GET'
  private url = ''
  private readonly requestHeaders = new Headers()
  private responseHeaders = new Headers()
  private readonly listeners = new Map<string, (() => void)[]>()
  private readonly progress: Listener[] = []
  private aborted = false
  readonly upload = { addEventListener: (_: 'progress', listener: Listener) => void this.progress.push(listener) }

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders.set(name, value)
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  getAllResponseHeaders() {
    return [...this.responseHeaders].map(([name, value]) => `${name}: ${value}`).join('\r\n')
  }
  abort() {
    this.aborted = true
    this.emit('abort')
  }
  send(body: FormData | null) {
    const total = body ? [...body.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : value.size), 0) : 0
    this.progress.forEach((listener) => listener({ loaded: Math.floor(total / 2), total, lengthComputable: true }))
    globalThis.fetch(this.url, { method: this.method, headers: this.requestHeaders, body }).then(
      async (response) => {
        if (this.aborted) return
        this.progress.forEach((listener) => listener({ loaded: total, total, lengthComputable: true }))
        this.status = response.status
        this.responseText = await response.text()
        this.responseHeaders = response.headers
        this.emit('load')
      },
      () => !this.aborted && this.emit('error'),
    )
  }
  private emit(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener())
  }
}

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

/** A stand-in for the shell's Add Credit dialog: its title when open. */
function AddCreditStandIn({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? (
    <div role="dialog" aria-label="Add Credit">
      <button onClick={onClose}>Close</button>
    </div>
  ) : null
}

export interface WizardSetup {
  balance?: number
  templateName?: string | null
  balanceFailed?: boolean
  /** The clerk's templates could not be read. */
  templatesFailed?: boolean
}

/** The wizard at /create-job, given a balance (default 50) and a default template (default none). */
export function renderWizard({ balance = 50, templateName = null, balanceFailed = false, templatesFailed = false }: WizardSetup = {}) {
  const client = createTestQueryClient()
  // applyAccept off: a test may pick a file the picker would not offer, as a drop can bring one.
  const user = userEvent.setup({ delay: null, applyAccept: false })
  function Wizard() {
    const [props] = useState<CreateJobWizardProps>({
      credits: { balance: balanceFailed ? undefined : balance, failed: balanceFailed },
      template: { name: templatesFailed ? undefined : templateName, failed: templatesFailed },
      AddCreditDialog: AddCreditStandIn,
    })
    return <CreateJobWizard {...props} />
  }
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/create-job']}>
          <Routes>
            <Route path="/create-job" element={<Wizard />} />
            <Route path="/dashboard" element={<Navigate to="/my-jobs" replace />} />
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
        <AppToaster />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { user, client, ...result }
}

/** Fills step 1 (address and audio) and waits until the lookups have arrived. */
export async function fillGeneralInfo(user: ReturnType<typeof userEvent.setup>, files: File[] = [audioFile()], address = '14 Willow Crescent, Harrogate') {
  await screen.findByRole('option', { name: 'Inventory' })
  await user.type(screen.getByRole('textbox', { name: /^Property address/ }), address)
  const picker = screen.getByLabelText('Audio files')
  await waitFor(() => expect(picker).toBeEnabled())
  await user.upload(picker, files)
}
