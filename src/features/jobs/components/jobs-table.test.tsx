import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithPortal } from '@/test/fake-portal-api'
import { aDashboardJob, manyDashboardJobs } from '../lib/job-fixtures'
import { toJobRows, type JobRow } from '../lib/job-rows'
import type { StatusFilter } from '../lib/select-jobs'
import { cutAddress } from './job-row-parts'
import { JobsTable, type JobsTableProps } from './jobs-table'

interface HarnessProps {
  rows: JobRow[]
  initialSelection?: number[]
  onViewDetails?: JobsTableProps['onViewDetails']
  onDelete?: JobsTableProps['onDelete']
  onRefresh?: JobsTableProps['onRefresh']
  onStatusChange?: JobsTableProps['onStatusChange']
}

/** The table with its selection and status kept as the page keeps them. */
function Harness({ rows, initialSelection = [], onViewDetails = vi.fn(), onDelete = vi.fn(), onRefresh = vi.fn(), onStatusChange = vi.fn() }: HarnessProps) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set(initialSelection))
  const [status, setStatus] = useState<StatusFilter>('all')
  return (
    <JobsTable
      rows={rows}
      search=""
      reportType=""
      jobType=""
      status={status}
      onStatusChange={(next) => {
        setStatus(next)
        onStatusChange(next)
      }}
      onRefresh={onRefresh}
      onViewDetails={onViewDetails}
      onDelete={onDelete}
      selectedIds={selectedIds}
      onSelectionChange={setSelectedIds}
    />
  )
}

const rowsOf = (...jobs: Parameters<typeof aDashboardJob>[0][]) => toJobRows(jobs.map(aDashboardJob))

describe('cutAddress', () => {
  it('cuts at 20 characters plus an ellipsis, and leaves shorter addresses whole', () => {
    expect(cutAddress('12 Station Road, Harrogate')).toBe('12 Station Road, Har…')
    expect(cutAddress('12345678901234567890')).toBe('12345678901234567890')
    expect(cutAddress('')).toBe('')
  })
})

describe('JobsTable', () => {
  it('calls back with the job to view, the job to delete, the selection and a refresh', async () => {
    const onViewDetails = vi.fn()
    const onDelete = vi.fn()
    const onRefresh = vi.fn()
    const rows = rowsOf({ job_id: 7, job_status: { status: 'Completed' } }, { job_id: 8, job_status: { status: 'Failed' } }, { job_id: 9, job_status: { status: 'Scheduled' } })
    const { user } = renderWithPortal(<Harness rows={rows} onViewDetails={onViewDetails} onDelete={onDelete} onRefresh={onRefresh} />)

    await user.click(screen.getByRole('button', { name: 'View details of job 9' }))
    expect(onViewDetails).toHaveBeenCalledWith(9)
    await user.click(screen.getByRole('button', { name: 'Delete job 8' }))
    expect(onDelete).toHaveBeenLastCalledWith([8], 'single')
    await user.click(screen.getByRole('checkbox', { name: 'Select job 7' }))
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }))
    expect(onDelete).toHaveBeenLastCalledWith([7], 'multiple')
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(onRefresh).toHaveBeenCalledTimes(1)
  })

  it('gives no checkbox and no delete button to jobs that may not be deleted', () => {
    const rows = rowsOf(
      ...['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'].map((status, index) => ({ job_id: index + 1, job_status: { status } })),
    )
    renderWithPortal(<Harness rows={rows} />)
    expect(screen.getAllByRole('checkbox', { name: /^Select job/ }).map((box) => box.getAttribute('aria-label')).sort()).toEqual(['Select job 4', 'Select job 6'])
    expect(screen.getAllByRole('button', { name: /^Delete job/ })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: /^View details of job/ })).toHaveLength(6)
  })

  it('selects every deletable job of the page, shows it as mixed when some are, and clears them again', async () => {
    const rows = rowsOf({ job_id: 1, job_status: { status: 'Completed' } }, { job_id: 2, job_status: { status: 'Failed' } }, { job_id: 3, job_status: { status: 'Submitted' } })
    const { user } = renderWithPortal(<Harness rows={rows} />)
    const all = screen.getByRole('checkbox', { name: 'Select all deletable jobs on this page' })
    expect(all).not.toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Select job 1' }))
    expect(all).toBePartiallyChecked()
    expect(screen.getByText('1 job selected')).toBeInTheDocument()
    await user.click(all)
    expect(all).toBeChecked()
    expect(screen.getByText('2 jobs selected')).toBeInTheDocument()
    await user.click(all)
    expect(screen.getByRole('checkbox', { name: 'Select job 1' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Select job 2' })).not.toBeChecked()
    expect(screen.getByText('0 jobs selected')).toBeInTheDocument()
  })

  it('offers no select-all on a page without deletable jobs', () => {
    renderWithPortal(<Harness rows={rowsOf({ job_id: 1, job_status: { status: 'Scheduled' } })} />)
    expect(screen.getByRole('checkbox', { name: 'Select all deletable jobs on this page' })).toBeDisabled()
  })

  it('keeps the selection across pages and counts only jobs that are still deletable', async () => {
    const onDelete = vi.fn()
    // 24 jobs, newest first; the Completed and Failed ones are 4, 6, 10, 12, 16, 18, 22 and 24.
    const rows = toJobRows(manyDashboardJobs(24))
    const { user } = renderWithPortal(<Harness rows={rows} onDelete={onDelete} initialSelection={[999, 1]} />)
    expect(screen.getByText('0 jobs selected')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Select all deletable jobs on this page' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select job 12' }))
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }))
    expect(onDelete).toHaveBeenCalledWith([24, 22, 18, 16, 12], 'multiple')
  })

  it('moves to the chosen status tab through the status-filter callback', async () => {
    const onStatusChange = vi.fn()
    const rows = rowsOf({ job_id: 1, job_status: { status: 'Completed' } }, { job_id: 2, job_status: { status: 'Failed' } })
    const { user } = renderWithPortal(<Harness rows={rows} onStatusChange={onStatusChange} />)
    await user.click(screen.getByRole('tab', { name: 'Completed' }))
    expect(onStatusChange).toHaveBeenCalledWith('Completed')
    expect(screen.getAllByRole('row')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'View details of job 1' })).toBeInTheDocument()
  })

  it('lets the table scroll sideways inside its own region on a narrow screen', () => {
    renderWithPortal(<Harness rows={rowsOf({ job_id: 1 })} />)
    const region = screen.getByRole('region', { name: 'Jobs' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(getComputedStyle(region).overflowX).toBe('auto')
    expect(within(region).getByRole('table', { name: 'Jobs' })).toBeInTheDocument()
  })
})
