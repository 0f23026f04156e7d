// My Jobs opened at /my-jobs?job=12, as a job's notification links to it: the Job Details of that job.
import { screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderWithPortal, setUpFakePortalApi, waitForDialogClosed } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { MyJobsPage } from './my-jobs-page'

const api = setUpFakePortalApi()

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/clerk/dashboard', {
    status: 200,
    body: [
      aDashboardJob({ job_id: 12, property_address: '12 Station Road, Harrogate HG1 1AA' }),
      aDashboardJob({ job_id: 11, property_address: '3 Mill Lane, Leeds' }),
    ],
  })
})

function AddressQuery() {
  return <output aria-label="address query">{useLocation().search}</output>
}

const renderAt = (at: string) =>
  renderWithPortal(
    <>
      <MyJobsPage />
      <AddressQuery />
    </>,
    { route: '/my-jobs', at },
  )

// The first Fluent dialog a file mounts takes seconds on a busy 2-core machine, past the 5 s default.
describe('My Jobs at /my-jobs?job=…', { timeout: 15_000 }, () => {
  it('opens that job’s details once the list is loaded, and takes the job out of the address', async () => {
    const { user } = renderAt('/my-jobs?job=11')
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' })
    expect(dialog).toHaveTextContent('3 Mill Lane, Leeds')
    expect(dialog).not.toHaveTextContent('12 Station Road')
    // A reload or Back does not open it again.
    await waitFor(() => expect(screen.getByLabelText('address query')).toHaveTextContent(/^$/))

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
    await waitForDialogClosed()
    expect(screen.getByRole('table', { name: 'Jobs' })).toBeInTheDocument()
  })

  it('opens nothing for a value that is not a job id, and drops it', async () => {
    renderAt('/my-jobs?job=12abc')
    await screen.findByRole('table', { name: 'Jobs' })
    await waitFor(() => expect(screen.getByLabelText('address query')).toHaveTextContent(/^$/))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks the server for a job the loaded list leaves out (older than its range) and opens its details', async () => {
    api.answer('GET', '/clerk/jobs/5', {
      status: 200,
      body: aDashboardJob({ job_id: 5, property_address: '7 Orchard Close, Ripon HG4 1QT', created_at: '2025-03-04T12:00:00.000Z' }),
    })
    renderAt('/my-jobs?job=5')
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' })
    await waitFor(() => expect(dialog).toHaveTextContent('7 Orchard Close, Ripon HG4 1QT'))
    expect(dialog).toHaveTextContent('04 Mar 2025')
    expect(api.seen('GET', '/clerk/jobs/5')).toHaveLength(1)
    // A job that the list has is not asked for again.
    expect(api.seen('GET', '/clerk/jobs/12')).toHaveLength(0)
  })

  it('says so when the job is not the clerk’s or no longer exists', async () => {
    api.answer('GET', '/clerk/jobs/99', { status: 404, body: { detail: 'Not found' } })
    renderAt('/my-jobs?job=99')
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' })
    await waitFor(() => expect(dialog).toHaveTextContent('This job could not be found. It may have been deleted.'))
  })

  it('says so when the job could not be loaded', async () => {
    api.answer('GET', '/clerk/jobs/98', 'network')
    renderAt('/my-jobs?job=98')
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' })
    await waitFor(() => expect(dialog).toHaveTextContent('The job’s details could not be loaded. Please try again.'))
  })
})
