import { describe, expect, it } from 'vitest'
import { jobsTitle } from './jobs-title'

describe('jobsTitle', () => {
  it.each([
    [{ status: 'all' as const }, 'Showing all jobs'],
    [{ status: 'Completed' as const }, 'Showing Completed jobs'],
    [{ status: 'In Progress' as const }, 'Showing In Progress jobs'],
    [{ status: 'all' as const, reportType: 'Inventory Report' }, 'Showing all jobs for Inventory Report'],
    [{ status: 'all' as const, jobType: 'AI' }, 'Showing all jobs with AI processing'],
    [{ status: 'Completed' as const, reportType: 'Inventory Report', jobType: 'AI' }, 'Showing Completed jobs for Inventory Report with AI processing'],
    [{ status: 'Failed' as const, reportType: '', jobType: null }, 'Showing Failed jobs'],
  ])('%j reads %j', (parts, title) => {
    expect(jobsTitle(parts)).toBe(title)
  })
})
