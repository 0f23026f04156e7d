// My Jobs shows its list without loading the Job Details and Delete Job dialogs; each is loaded when
// first opened (docs/decisions/first-paint-budgets-and-bench.md). Each dialog module stands in
// through vi.mock only to tell when it is first imported; it is the real one.
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { pressEscapeIn, renderWithPortal, setUpFakePortalApi, waitForDialogClosed } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { MyJobsPage } from './my-jobs-page'
import { layOutTabs } from './tabs-layout-stand-in'

const imported = vi.hoisted(() => new Set<string>())
vi.mock('./job-details-dialog', async (importOriginal) => {
  imported.add('Job Details')
  return importOriginal()
})
vi.mock('./delete-jobs-dialog', async (importOriginal) => {
  imported.add('Delete Job')
  return importOriginal()
})

const api = setUpFakePortalApi()
layOutTabs({ list: 1000, tab: 100 })

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/clerk/dashboard', {
    status: 200,
    body: [aDashboardJob({ job_id: 12, property_address: '12 Station Road, Harrogate HG1 1AA', job_status: { status: 'Completed' } })],
  })
})

describe('MyJobsPage: dialogs load when first opened', () => {
  it('shows the list without loading a dialog, then loads Job Details, then Delete Job, as each is opened', async () => {
    const { user } = renderWithPortal(<MyJobsPage />)
    const table = await screen.findByRole('table', { name: 'Jobs' })
    expect(within(table).getByText('12 Station Road, Harrogate HG1 1AA')).toBeInTheDocument()
    expect([...imported]).toEqual([])

    await user.click(within(table).getByRole('button', { name: 'View details of job 12' }))
    const details = await screen.findByRole('dialog')
    expect(details).toHaveTextContent('12 Station Road, Harrogate HG1 1AA')
    expect([...imported]).toEqual(['Job Details'])
    await pressEscapeIn(details, user)
    await waitForDialogClosed()

    await user.click(within(table).getByRole('button', { name: 'Delete job 12' }))
    expect(await screen.findByRole('dialog', { name: 'Delete Job' })).toBeInTheDocument()
    expect([...imported]).toEqual(['Job Details', 'Delete Job'])
  })
})
