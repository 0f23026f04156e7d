// My Jobs given answers that the jobs calls check against their schema (lib/job-answer.ts): a job may
// miss the fields the spec reads as "Not specified", and nothing else.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { MyJobsPage } from './my-jobs-page'

const api = setUpFakePortalApi()

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
})

/** A job as JSON carries it without `key` at all (not even undefined). */
function without(key: string, job: object): object {
  return Object.fromEntries(Object.entries(job).filter(([name]) => name !== key))
}

const renderAt = (at = '/my-jobs') => renderWithPortal(<MyJobsPage />, { route: '/my-jobs', at })
const rowOf = (jobId: number) => screen.getByRole('button', { name: `View details of job ${jobId}` }).closest('tr')!

// The first Fluent dialog a file mounts takes seconds on a busy 2-core machine, past the 5 s default.
describe('My Jobs reading checked answers', { timeout: 15_000 }, () => {
  it('shows a job without a deadline, or with a null one, as "Not specified"', async () => {
    api.answer('GET', '/clerk/dashboard', {
      status: 200,
      body: [
        without('sla_deadline', aDashboardJob({ job_id: 12, property_address: '12 Station Road, Harrogate' })),
        { ...aDashboardJob({ job_id: 11, property_address: '3 Mill Lane, Leeds' }), sla_deadline: null, cost: null, job_status: 'Completed' },
      ],
    })
    renderAt()
    await screen.findByRole('table', { name: 'Jobs' })
    expect(within(rowOf(12)).getByText('Not specified')).toBeInTheDocument()
    expect(within(rowOf(11)).getByText('Not specified')).toBeInTheDocument()
    expect(within(rowOf(11)).getByText('Completed')).toBeInTheDocument()
  })

  it('refuses a list whose jobs lack what every job has, with the list’s failure text', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [{ job_id: 12, sla_deadline: '2024-01-03T15:30:00' }] })
    renderAt()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load job data. Please try again later.')
    expect(screen.queryByRole('table', { name: 'Jobs' })).not.toBeInTheDocument()
  })

  it('refuses a job asked for by id that is not a job, with the dialog’s failure text', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [aDashboardJob({ job_id: 12 })] })
    api.answer('GET', '/clerk/jobs/5', { status: 200, body: { job_id: 5, property_address: '7 Orchard Close, Ripon HG4 1QT' } })
    renderAt('/my-jobs?job=5')
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' })
    await waitFor(() => expect(dialog).toHaveTextContent('The job’s details could not be loaded. Please try again.'))
    expect(dialog).not.toHaveTextContent('7 Orchard Close')
  })
})
