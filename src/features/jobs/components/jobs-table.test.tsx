import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithPortal, stubViewportWidth } from '@/test/fake-portal-api'
import { aDashboardJob, manyDashboardJobs } from '../lib/job-fixtures'
import { toJobRows, type JobRow } from '../lib/job-rows'
import type { StatusFilter } from '../lib/select-jobs'
import { cutAddress } from './job-row-parts'
import { JobsTable, type JobsTableProps } from './jobs-table'
import { layOutTabs } from './tabs-layout-stand-in'

/** 100 px a tab; the row holds all seven unless a test narrows it. */
const tabsWidths = { list: 1000, tab: 100 }
layOutTabs(tabsWidths)
beforeEach(() => {
  tabsWidths.list = 1000
})
afterEach(() => {
  vi.unstubAllGlobals()
})

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

  it('shows the jobs as a table from 1024 px of viewport up, with no region to scroll sideways', () => {
    stubViewportWidth(1024)
    renderWithPortal(<Harness rows={rowsOf({ job_id: 1 })} />)
    const region = screen.getByRole('region', { name: 'Jobs' })
    expect(region).not.toHaveAttribute('tabindex')
    expect(within(region).getByRole('table', { name: 'Jobs' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Jobs' })).not.toBeInTheDocument()
  })
})

describe('JobsTable below 1024 px of viewport', () => {
  const jobs = () => screen.getByRole('list', { name: 'Jobs' })
  const cardOf = (id: number) => within(jobs()).getByRole('listitem', { name: `Job ${id}` })

  it('shows each job as a card with its status, address, types, audio, dates and actions', () => {
    stubViewportWidth(1023)
    const rows = rowsOf(
      {
        job_id: 12,
        property_address: '12 Station Road, Harrogate HG1 1AA',
        created_at: '2024-03-04T15:30:00',
        sla_deadline: '',
        report_type: { name: 'Inventory Report' },
        job_type: { name: 'Human' },
        job_status: { status: 'Completed' },
        audio_duration: 3725,
      },
      { job_id: 11, job_status: { status: 'IN_PROGRESS' } },
    )
    renderWithPortal(<Harness rows={rows} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(jobs()).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual(['Job 12', 'Job 11'])

    const card = cardOf(12)
    expect(within(card).getByText('Job 12')).toBeInTheDocument()
    expect(within(card).getByText('Completed')).toBeInTheDocument()
    // The whole address: a card has the room for it.
    expect(within(card).getByText('12 Station Road, Harrogate HG1 1AA')).toBeInTheDocument()
    const facts = Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]))
    expect(facts).toEqual({
      'Report Type': 'Inventory Report',
      'Job Type': 'Human',
      'Audio Files': '1',
      Duration: '1:02:05',
      'Created Date': '04 Mar 2024, 03:30 PM',
      'Deadline Date': 'Not specified',
    })
    expect(within(card).getByRole('checkbox', { name: 'Select job 12' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'View details of job 12' })).toHaveTextContent('Details')
    expect(within(card).getByRole('button', { name: 'Delete job 12' })).toHaveTextContent('Delete')

    // A job that may not be deleted has neither a box nor a delete button, as in the table.
    expect(within(cardOf(11)).getByText('In Progress')).toBeInTheDocument()
    expect(within(cardOf(11)).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(within(cardOf(11)).queryByRole('button', { name: 'Delete job 11' })).not.toBeInTheDocument()
  })

  it('calls back from a card: details, delete, the selection and select all', async () => {
    stubViewportWidth(390)
    const onViewDetails = vi.fn()
    const onDelete = vi.fn()
    const rows = rowsOf({ job_id: 7, job_status: { status: 'Completed' } }, { job_id: 8, job_status: { status: 'Failed' } }, { job_id: 9, job_status: { status: 'Scheduled' } })
    const { user } = renderWithPortal(<Harness rows={rows} onViewDetails={onViewDetails} onDelete={onDelete} />)

    await user.click(within(cardOf(9)).getByRole('button', { name: 'View details of job 9' }))
    expect(onViewDetails).toHaveBeenCalledWith(9)
    await user.click(within(cardOf(8)).getByRole('button', { name: 'Delete job 8' }))
    expect(onDelete).toHaveBeenLastCalledWith([8], 'single')

    await user.click(within(cardOf(7)).getByRole('checkbox', { name: 'Select job 7' }))
    expect(screen.getByText('1 job selected')).toBeInTheDocument()
    const all = screen.getByRole('checkbox', { name: 'Select all deletable jobs on this page' })
    expect(all).toBePartiallyChecked()
    await user.click(all)
    expect(all).toBeChecked()
    expect(screen.getByText('2 jobs selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }))
    expect(onDelete).toHaveBeenLastCalledWith([7, 8], 'multiple')
  })

  it('sorts the cards with Sort by and Order, newest first by default', async () => {
    stubViewportWidth(820)
    const rows = rowsOf(
      { job_id: 1, property_address: 'B Road', created_at: '2024-03-01T10:00:00' },
      { job_id: 2, property_address: 'C Road', created_at: '2024-03-03T10:00:00' },
      { job_id: 3, property_address: 'A Road', created_at: '2024-03-02T10:00:00' },
    )
    const { user } = renderWithPortal(<Harness rows={rows} />)
    const order = () => within(jobs()).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('checkDate')
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('descending')
    expect(order()).toEqual(['Job 2', 'Job 3', 'Job 1'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Property Address')
    // The order chosen stays: Z to A.
    expect(order()).toEqual(['Job 2', 'Job 1', 'Job 3'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Ascending')
    expect(order()).toEqual(['Job 3', 'Job 1', 'Job 2'])
  })
})

describe('JobsTable status tabs on a narrow row', () => {
  /** The tabs' names (Fluent's Tab holds its text twice: once shown, once to reserve the bold width). */
  const tabNames = () =>
    within(screen.getByRole('tablist', { name: 'Job status' }))
      .getAllByRole('tab')
      .map((tab) => tab.getAttribute('aria-label') ?? tab.querySelector('.fui-Tab__content')?.textContent)

  it('puts the tabs that do not fit into a More menu and keeps the chosen one in view', async () => {
    // Overflow keeps 10 px spare: 410 px hold four 100 px tabs, three statuses and the More button.
    tabsWidths.list = 410
    const onStatusChange = vi.fn()
    const rows = rowsOf({ job_id: 1, job_status: { status: 'Completed' } }, { job_id: 2, job_status: { status: 'Failed' } })
    const { user } = renderWithPortal(<Harness rows={rows} onStatusChange={onStatusChange} />)
    const tabs = screen.getByRole('tablist', { name: 'Job status' })
    const more = await within(tabs).findByRole('tab', { name: 'More statuses (4 hidden)' })
    expect(more).toHaveTextContent('More')
    expect(tabNames()).toEqual(['All', 'Submitted', 'Scheduled', 'More statuses (4 hidden)'])

    await user.click(more)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['In Progress', 'Completed', 'Downloaded', 'Failed'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Failed' }))
    expect(onStatusChange).toHaveBeenCalledWith('Failed')

    // The chosen tab comes into the row, selected, in place of another.
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true'))
    expect(tabNames()).toEqual(['All', 'Submitted', 'Failed', 'More statuses (4 hidden)'])
    expect(screen.getByRole('button', { name: 'View details of job 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'View details of job 1' })).not.toBeInTheDocument()
  })

  it('shows every tab and no menu when they all fit', () => {
    tabsWidths.list = 710
    renderWithPortal(<Harness rows={rowsOf({ job_id: 1 })} />)
    expect(tabNames()).toEqual(['All', 'Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'])
  })
})
