// Job Details shows where the job stands (issue 24 item 11): its status as the coloured badge My Jobs
// uses, when it is expected (its deadline, from the turnaround), the remarks sent with it, and, when it
// failed, why.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { aDashboardJob } from '../lib/job-fixtures'
import { JobDetailsDialog } from './job-details-dialog'

setUpFakePortalApi()

const NOW = new Date('2024-01-02T12:00:00')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => vi.useRealTimers())

const renderDialog = (job: DashboardJob) => renderWithPortal(<JobDetailsDialog job={job} open onClose={() => undefined} />)
const dialog = () => screen.getByRole('dialog', { name: 'Job Details' })
const section = (name: string) => within(dialog()).getByRole('region', { name })

/** The value shown for `term` in the section's description list. */
function valueOf(container: HTMLElement, term: string): HTMLElement {
  const dt = within(container).getByText(term, { selector: 'dt' })
  const dd = dt.nextElementSibling
  expect(dd?.tagName).toBe('DD')
  return dd as HTMLElement
}

describe('JobDetailsDialog: status, expected time, remarks and failure reason', () => {
  it('shows an open job’s status as its badge, when it is expected, and the remarks sent with it', () => {
    renderDialog(
      aDashboardJob({
        job_id: 21,
        job_status: { status: 'In Progress' },
        sla_deadline: '2024-01-02T15:00:00',
        remarks: 'Keys with the agent.\nThe garden was not recorded.',
      }),
    )
    const general = section('1. General Information')
    const status = valueOf(general, 'Status')
    expect(status).toHaveTextContent(/^In Progress$/)
    // The same badge as My Jobs: its colour says the status too.
    expect(status.querySelector('[data-status="In Progress"]')).not.toBeNull()
    expect(valueOf(general, 'Expected')).toHaveTextContent(/^By 02 Jan 2024, 03:00 PM \(in 3 hours\)$/)
    expect(within(general).queryByText('Failure Reason')).toBeNull()
    expect(valueOf(section('4. Job Information'), 'Remarks')).toHaveTextContent('Keys with the agent. The garden was not recorded.', { normalizeWhitespace: true })
  })

  it('says when an open job is past its deadline', () => {
    renderDialog(aDashboardJob({ job_id: 22, job_status: { status: 'Submitted' }, sla_deadline: '2024-01-02T10:00:00' }))
    expect(valueOf(section('1. General Information'), 'Expected')).toHaveTextContent(/^By 02 Jan 2024, 10:00 AM \(overdue by 2 hours\)$/)
  })

  it('shows a failed job’s reason, and that nothing more is expected of it', () => {
    renderDialog(
      aDashboardJob({ job_id: 23, job_status: { status: 'Failed' }, sla_deadline: '2024-01-03T09:00:00', failure_reason: 'The audio is silent after the first 40 seconds.' }),
    )
    const general = section('1. General Information')
    expect(valueOf(general, 'Status').querySelector('[data-status="Failed"]')).toHaveTextContent('Failed')
    expect(valueOf(general, 'Failure Reason')).toHaveTextContent(/^The audio is silent after the first 40 seconds\.$/)
    expect(valueOf(general, 'Expected')).toHaveTextContent(/^Not expected: the job failed$/)
  })

  it('reads Not specified for a failed job kept without a reason, and for no remarks', () => {
    // As a list kept on the device before these fields were sent: neither is there.
    const { remarks: _remarks, failure_reason: _reason, ...old } = aDashboardJob({ job_id: 24, job_status: { status: 'Failed' } })
    renderDialog(old as DashboardJob)
    expect(valueOf(section('1. General Information'), 'Failure Reason')).toHaveTextContent(/^Not specified$/)
    expect(valueOf(section('4. Job Information'), 'Remarks')).toHaveTextContent(/^Not specified$/)
  })

  it('says a finished job was delivered, and reads Not specified without a deadline', () => {
    renderDialog(aDashboardJob({ job_id: 25, job_status: { status: 'Completed' } }))
    expect(valueOf(section('1. General Information'), 'Expected')).toHaveTextContent(/^Delivered$/)
    renderDialog(aDashboardJob({ job_id: 26, job_status: { status: 'Scheduled' }, sla_deadline: '' }))
    expect(valueOf(screen.getAllByRole('region', { name: '1. General Information' }).at(-1)!, 'Expected')).toHaveTextContent(/^Not specified$/)
  })
})
