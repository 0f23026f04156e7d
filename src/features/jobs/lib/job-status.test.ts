import { describe, expect, it } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { isDeletableStatus, jobStatusLabel, statusOf } from './job-status'

describe('jobStatusLabel', () => {
  it.each([
    ['Submitted', 'Submitted'],
    ['scheduled', 'Scheduled'],
    ['in_progress', 'In Progress'],
    ['IN_PROGRESS', 'In Progress'],
    ['IN PROGRESS', 'In Progress'],
    ['In Progress', 'In Progress'],
    ['COMPLETED', 'Completed'],
    ['downloaded', 'Downloaded'],
    [' failed ', 'Failed'],
  ])('reads %j as %j', (raw, label) => {
    expect(jobStatusLabel(raw)).toBe(label)
  })

  it.each(['', '   ', null, undefined])('gives an empty label for %j', (raw) => {
    expect(jobStatusLabel(raw)).toBe('')
  })

  it.each(['weird', 'cancelled', 'pending'])('falls back to Submitted for %j', (raw) => {
    expect(jobStatusLabel(raw)).toBe('Submitted')
  })
})

describe('statusOf', () => {
  const job = (job_status: unknown) => ({ job_status }) as unknown as DashboardJob

  it('reads {status} and the plain string reading', () => {
    expect(statusOf(job({ status: 'Completed' }))).toBe('Completed')
    expect(statusOf(job('FAILED'))).toBe('FAILED')
  })

  it('gives an empty string when the status is missing', () => {
    expect(statusOf(job(undefined))).toBe('')
    expect(statusOf(job(null))).toBe('')
    expect(statusOf(job({}))).toBe('')
  })
})

describe('isDeletableStatus', () => {
  it.each([
    ['Completed', true],
    ['Failed', true],
    ['Submitted', false],
    ['Scheduled', false],
    ['In Progress', false],
    ['Downloaded', false],
    ['', false],
  ])('%j -> %j', (label, deletable) => {
    expect(isDeletableStatus(label)).toBe(deletable)
  })
})
