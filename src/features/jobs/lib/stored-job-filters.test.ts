import { describe, expect, it } from 'vitest'
import { DEFAULT_JOB_FILTERS, JOB_FILTERS_STORAGE_KEY, readJobFilters, writeJobFilters } from './stored-job-filters'

describe('stored job filters', () => {
  it('reads the defaults when nothing is stored', () => {
    expect(readJobFilters()).toEqual(DEFAULT_JOB_FILTERS)
  })

  it('reads back what was written', () => {
    const filters = { status: 'In Progress' as const, reportType: 'Check In', jobType: 'AI', range: { start: '01/02/2024', end: '05/02/2024' } }
    writeJobFilters(filters)
    expect(readJobFilters()).toEqual(filters)
  })

  it('reads each unreadable part as its default', () => {
    localStorage.setItem(JOB_FILTERS_STORAGE_KEY, JSON.stringify({ status: 'Lost', reportType: 7, jobType: 'Human', range: { start: '2024-02-01', end: '05/02/2024' } }))
    expect(readJobFilters()).toEqual({ status: 'all', reportType: '', jobType: 'Human', range: null })
    // A range the server refuses (before 1970) would fail the list on every visit: the default instead.
    localStorage.setItem(JOB_FILTERS_STORAGE_KEY, JSON.stringify({ status: 'all', reportType: '', jobType: '', range: { start: '31/12/1969', end: '05/02/2024' } }))
    expect(readJobFilters().range).toBeNull()
    localStorage.setItem(JOB_FILTERS_STORAGE_KEY, '{not json')
    expect(readJobFilters()).toEqual(DEFAULT_JOB_FILTERS)
  })
})
