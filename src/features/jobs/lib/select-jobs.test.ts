import { afterEach, describe, expect, it, vi } from 'vitest'
import { aDashboardJob, manyDashboardJobs } from './job-fixtures'
import { toJobRows, type JobRow } from './job-rows'
import { DEFAULT_JOB_SORT, SELECT_MEASURE, selectJobs, type JobSelection, type JobSortColumn } from './select-jobs'

const base: JobSelection = { search: '', status: 'all', sort: DEFAULT_JOB_SORT, page: 1 }
const ids = (rows: JobRow[]) => rows.map((row) => row.id)

const rows = toJobRows([
  aDashboardJob({
    job_id: 101,
    property_address: '1 Church Street, York',
    created_at: '2024-01-01T09:00:00',
    updated_at: '2024-01-05T11:15:00',
    sla_deadline: '2024-01-02T09:00:00',
    priority: 'Standard',
    audio_duration: 65,
    audio_files: ['a/1/one.mp3'],
    report_type: { name: 'Inventory Report' },
    job_type: { name: 'AI' },
    job_status: { status: 'Completed' },
  }),
  aDashboardJob({
    job_id: 202,
    property_address: '2 Mill Lane, Leeds',
    created_at: '2024-01-03T14:00:00',
    updated_at: '2024-01-03T14:00:00',
    sla_deadline: '',
    priority: 'High',
    audio_duration: 3725,
    audio_files: ['a/2/one.wav', 'a/2/two.wav'],
    report_type: { name: 'Check Out' },
    job_type: { name: 'Human' },
    job_status: { status: 'In Progress' },
  }),
  aDashboardJob({
    job_id: 303,
    property_address: '30 Mill Lane, Leeds',
    created_at: '2024-01-02T08:30:00',
    updated_at: '2024-01-04T16:45:00',
    sla_deadline: '2024-01-04T08:30:00',
    priority: 'Standard',
    audio_duration: 600,
    audio_files: ['a/3/one.m4a', 'a/3/two.m4a', 'a/3/three.m4a'],
    report_type: { name: 'Check In' },
    job_type: { name: 'AI + Proofreading' },
    job_status: { status: 'Failed' },
  }),
])

describe('selectJobs', () => {
  it('shows the newest created first by default', () => {
    expect(ids(selectJobs(rows, base).pageRows)).toEqual([202, 303, 101])
  })

  it.each<[JobSortColumn, number[]]>([
    ['id', [101, 202, 303]],
    ['propertyName', [101, 202, 303]],
    ['reportType', [303, 202, 101]],
    ['fileCount', [101, 202, 303]],
    ['duration', [101, 303, 202]],
    ['checkDate', [101, 303, 202]],
    ['expectedDate', [101, 303, 202]],
    ['jobType', [101, 303, 202]],
    ['status', [101, 303, 202]],
  ])('sorts by %s ascending and descending', (column, ascending) => {
    expect(ids(selectJobs(rows, { ...base, sort: { column, direction: 'ascending' } }).pageRows)).toEqual(ascending)
    const descending = ids(selectJobs(rows, { ...base, sort: { column, direction: 'descending' } }).pageRows)
    // A missing deadline stays last either way.
    expect(descending).toEqual(column === 'expectedDate' ? [303, 101, 202] : [...ascending].reverse())
  })

  it('keeps to the status tab', () => {
    expect(ids(selectJobs(rows, { ...base, status: 'Failed' }).pageRows)).toEqual([303])
    expect(selectJobs(rows, { ...base, status: 'Downloaded' })).toEqual({ pageRows: [], total: 0, pageCount: 1, page: 1 })
  })

  it('keeps to the report type and job type, whatever their case', () => {
    expect(ids(selectJobs(rows, { ...base, reportType: 'check out' }).pageRows)).toEqual([202])
    expect(ids(selectJobs(rows, { ...base, jobType: 'AI' }).pageRows)).toEqual([101])
    expect(ids(selectJobs(rows, { ...base, reportType: 'Check In', jobType: 'AI' }).pageRows)).toEqual([])
    expect(ids(selectJobs(rows, { ...base, reportType: null, jobType: '' }).pageRows)).toEqual([202, 303, 101])
  })

  it.each([
    ['property, any case', 'mill LANE', [202, 303]],
    ['report type', 'inventory', [101]],
    ['job type', 'proofreading', [303]],
    ['status', 'in progress', [202]],
    ['created date as shown', '03 Jan 2024, 02:00 PM', [202]],
    ['expected date as shown', '04 jan 2024, 08:30 am', [303]],
    ['missing deadline as shown', 'not specified', [202]],
    ['completed date as shown', '05 Jan 2024, 11:15', [101]],
    ['priority', 'high', [202]],
    ['file type', 'm4a', [303]],
    ['file type list', 'wav', [202]],
    ['duration as shown', '1:02:05', [202]],
    ['short duration as shown', '1:05', [101]],
    ['surrounding spaces ignored', '  york  ', [101]],
  ])('searches the %s', (_, search, expected) => {
    expect(ids(selectJobs(rows, { ...base, search }).pageRows)).toEqual(expected)
  })

  it('searches the id', () => {
    expect(ids(selectJobs(rows, { ...base, search: '303' }).pageRows)).toEqual([303])
  })

  it('searches the file count', () => {
    const seven = toJobRows([
      ...rows.map((row) => aDashboardJob({ job_id: row.id, created_at: '2024-01-01T09:00:00', updated_at: '2024-01-01T09:00:00', sla_deadline: '' })),
      aDashboardJob({ job_id: 404, created_at: '2024-01-01T09:00:00', updated_at: '2024-01-01T09:00:00', sla_deadline: '', audio_files: Array(7).fill('a/x.mp3') }),
    ])
    expect(ids(selectJobs(seven, { ...base, search: '7' }).pageRows)).toEqual([404])
  })

  it('keeps every job for a blank search', () => {
    expect(selectJobs(rows, { ...base, search: '   ' }).total).toBe(3)
  })

  it('never matches across two fields', () => {
    expect(selectJobs(rows, { ...base, search: 'yorkinventory' }).total).toBe(0)
  })

  describe('with 5,000 jobs', () => {
    const many = toJobRows(manyDashboardJobs(5000))

    it('pages 10 rows at a time, newest first', () => {
      const first = selectJobs(many, base)
      expect(first).toMatchObject({ total: 5000, pageCount: 500, page: 1 })
      expect(ids(first.pageRows)).toEqual([5000, 4999, 4998, 4997, 4996, 4995, 4994, 4993, 4992, 4991])
      expect(ids(selectJobs(many, { ...base, page: 500 }).pageRows)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    })

    it('clamps the page to the pages there are', () => {
      expect(selectJobs(many, { ...base, page: 999 }).page).toBe(500)
      expect(selectJobs(many, { ...base, page: 0 }).page).toBe(1)
      expect(selectJobs(many, { ...base, search: 'no such job' })).toEqual({ pageRows: [], total: 0, pageCount: 1, page: 1 })
    })

    it('finds what a plain scan of the shown text finds, in the same order', () => {
      const search = 'mill lane, leeds ls4'
      const result = selectJobs(many, { ...base, search, status: 'Completed', page: 2 })
      const expected = many
        .filter((row) => row.status === 'Completed' && row.propertyName.toLowerCase().includes(search))
        .sort((a, b) => (b.checkDateMs ?? 0) - (a.checkDateMs ?? 0))
      expect(result.total).toBe(expected.length)
      expect(result.total).toBeGreaterThan(10)
      expect(result.pageCount).toBe(Math.ceil(expected.length / 10))
      expect(ids(result.pageRows)).toEqual(ids(expected.slice(10, 20)))
    })

    it('sorts by duration with ties in newest-first order', () => {
      const sorted = selectJobs(many, { ...base, sort: { column: 'duration', direction: 'ascending' }, page: 1 }).pageRows
      sorted.slice(1).forEach((b, i) => {
        const a = sorted[i] as JobRow
        expect(a.fileDetails.seconds < b.fileDetails.seconds || (a.fileDetails.seconds === b.fileDetails.seconds && a.id > b.id)).toBe(true)
      })
    })

    it('gives a fresh answer for a fresh rows array (a refetch), not the cached order of the old one', () => {
      const before = selectJobs(many, base)
      const refreshed = toJobRows(manyDashboardJobs(5001))
      expect(ids(selectJobs(refreshed, base).pageRows)[0]).toBe(5001)
      expect(ids(before.pageRows)[0]).toBe(5000)
    })
  })
})

describe('the jobs:select measure', () => {
  afterEach(() => vi.restoreAllMocks())

  it('measures each selection under the name jobs:select', () => {
    const measure = vi.spyOn(performance, 'measure')
    selectJobs(rows, { ...base, search: 'mill' })
    expect(measure).toHaveBeenCalledWith(SELECT_MEASURE, expect.any(String))
    expect(SELECT_MEASURE).toBe('jobs:select')
  })
})
