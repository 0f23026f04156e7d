import { render, screen, waitFor } from '@testing-library/react'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { LOOKUP_PATHS } from '@contract/lookups.ts'
import { createTestQueryClient, setUpFakePortalApi } from '@/test/fake-portal-api'
import { ApiError } from './api-client'
import { getLookup, LOOKUP_FAILURE, useLookup } from './lookups'

const api = setUpFakePortalApi()

const REPORT_TYPES = [{ id: 1, name: 'Inventory', description: 'A full record.' }]
const JOB_TYPES = [{ id: 2, name: 'Human', max_audio_files: null }]

function ReportTypeNames({ label }: { label: string }) {
  const reportTypes = useLookup('report-types')
  return <output aria-label={label}>{reportTypes.data?.map((type) => type.name).join(', ') ?? reportTypes.status}</output>
}

function JobTypeNames() {
  const jobTypes = useLookup('job-types')
  return <output aria-label="job types">{jobTypes.data?.map((type) => type.name).join(', ') ?? jobTypes.status}</output>
}

describe('lookups', () => {
  it('asks for a list even while the browser is offline, where the service worker answers from its cache', async () => {
    onlineManager.setOnline(false)
    try {
      // The fake API plays the service worker's cache here: the page's request still has to be made.
      api.answer('GET', '/lookup/report-types', { status: 200, body: REPORT_TYPES })
      render(
        <QueryClientProvider client={createTestQueryClient()}>
          <ReportTypeNames label="new job" />
        </QueryClientProvider>,
      )
      await waitFor(() => expect(screen.getByLabelText('new job')).toHaveTextContent('Inventory'))
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /lookup/report-types'])
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('fetches each list once, however many screens show it', async () => {
    api.answer('GET', '/lookup/report-types', { status: 200, body: REPORT_TYPES })
    api.answer('GET', '/lookup/job-types', { status: 200, body: JOB_TYPES })
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ReportTypeNames label="filters" />
        <ReportTypeNames label="new job" />
        <JobTypeNames />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(screen.getByLabelText('filters')).toHaveTextContent('Inventory'))
    expect(screen.getByLabelText('new job')).toHaveTextContent('Inventory')
    await waitFor(() => expect(screen.getByLabelText('job types')).toHaveTextContent('Human'))
    expect(api.requests.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(['GET /lookup/job-types', 'GET /lookup/report-types'])
  })

  it('has a failure message of its own for every list of the contract', () => {
    expect(Object.keys(LOOKUP_FAILURE).sort()).toEqual([...LOOKUP_PATHS].sort())
    expect(LOOKUP_FAILURE['sla-slots']).toBe('Failed to get TAT details')
  })

  it("carries the server's message when it sent one, else the list's own, with the status", async () => {
    api.answer('GET', '/lookup/sla-slots', { status: 503, body: { detail: 'Lookups are resting' } })
    await expect(getLookup('sla-slots')).rejects.toMatchObject({ status: 503, message: 'Lookups are resting' })

    api.answer('GET', '/lookup/recharge-plans', { status: 500, body: {} })
    await expect(getLookup('recharge-plans')).rejects.toMatchObject({ status: 500, message: 'Failed to get recharge plans' })

    api.answer('GET', '/lookup/allowed-file-types', 'network')
    const error = await getLookup('allowed-file-types').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 500, network: true, message: 'Failed to get allowed file types' })
  })
})
