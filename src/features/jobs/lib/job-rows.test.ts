import { describe, expect, it } from 'vitest'
import type { DashboardJob } from '@contract/jobs.ts'
import { aDashboardJob, manyDashboardJobs } from './job-fixtures'
import { ROWS_SLICE, audioFileTypes, formatDuration, sameJobRow, toJobRow, toJobRows, toJobRowsInSlices } from './job-rows'

describe('toJobRow', () => {
  it('maps a dashboard job to the row the table shows (portal-spec.md §3)', () => {
    const job = aDashboardJob({
      job_id: 12,
      property_address: '12 Station Road, Harrogate HG1 1AA',
      created_at: '2024-01-01T15:30:00',
      updated_at: '2024-01-02T10:05:00',
      sla_deadline: '2024-01-03 09:00:00',
      priority: 'High',
      audio_duration: 3725,
      audio_files: ['clerks/c1/jobs/12/Kitchen.MP3', 'clerks/c1/jobs/12/hall.wav', 'clerks/c1/jobs/12/bath.mp3'],
      report_type: { name: 'Inventory Report' },
      job_type: { name: 'Human' },
      job_status: { status: 'IN_PROGRESS' },
    })
    expect(toJobRow(job)).toEqual({
      id: 12,
      propertyName: '12 Station Road, Harrogate HG1 1AA',
      reportType: 'Inventory Report',
      fileDetails: { count: 3, duration: '1:02:05', seconds: 3725 },
      checkDate: '01 Jan 2024, 03:30 PM',
      checkDateMs: new Date(2024, 0, 1, 15, 30).getTime(),
      expectedDate: '03 Jan 2024, 09:00 AM',
      expectedDateMs: new Date(2024, 0, 3, 9, 0).getTime(),
      completedDate: '02 Jan 2024, 10:05 AM',
      jobType: 'Human',
      status: 'In Progress',
      priority: 'High',
      fileType: 'mp3, wav',
      deletable: false,
    })
  })

  it.each([[''], [null], [undefined], ['not a date']])('reads a missing deadline (%j) as Not specified, with no time to sort by', (deadline) => {
    const row = toJobRow({ ...aDashboardJob({ job_id: 1 }), sla_deadline: deadline } as unknown as DashboardJob)
    expect(row.expectedDate).toBe('Not specified')
    expect(row.expectedDateMs).toBeNull()
  })

  it('reads the plain-string job_status and marks Completed and Failed jobs deletable', () => {
    const plain = (status: string) => toJobRow({ ...aDashboardJob({ job_id: 1 }), job_status: status } as unknown as DashboardJob)
    expect(plain('failed')).toMatchObject({ status: 'Failed', deletable: true })
    expect(plain('Completed')).toMatchObject({ status: 'Completed', deletable: true })
    expect(plain('Downloaded')).toMatchObject({ status: 'Downloaded', deletable: false })
    expect(plain('')).toMatchObject({ status: '', deletable: false })
  })
})

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [75, '1:15'],
    [754.4, '12:34'],
    [3599.6, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s reads %s', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown)
  })
})

describe('audioFileTypes', () => {
  it('lists each extension once, lower case, in order of first appearance', () => {
    expect(audioFileTypes(['a/b/one.WAV', 'a/b/two.mp3', 'a/b.c/three.wav', 'a/noext', 'a/.hidden'])).toBe('wav, mp3')
    expect(audioFileTypes([])).toBe('')
  })
})

describe('toJobRowsInSlices', () => {
  it('builds the very rows toJobRows builds, in order', async () => {
    const jobs = manyDashboardJobs(ROWS_SLICE * 3 + 7)
    await expect(toJobRowsInSlices(jobs)).resolves.toEqual(toJobRows(jobs))
  })

  it('gives the main thread back between slices: a task queued before it runs before it ends', async () => {
    let queuedTaskRan = false
    setTimeout(() => (queuedTaskRan = true), 0)
    const rows = await toJobRowsInSlices(manyDashboardJobs(ROWS_SLICE * 2))
    expect(rows).toHaveLength(ROWS_SLICE * 2)
    expect(queuedTaskRan).toBe(true)
  })
})

describe('sameJobRow', () => {
  const job = aDashboardJob({ job_id: 7, job_status: { status: 'In Progress' } })

  it('holds for rows read again from an unchanged job, and fails on any change a row shows', () => {
    const [row] = toJobRows([job])
    expect(sameJobRow(row!, toJobRows([structuredClone(job)])[0]!)).toBe(true)
    const changed: Partial<DashboardJob>[] = [
      { job_status: { status: 'Completed' } },
      { property_address: '8 Other Road, Leeds' },
      { sla_deadline: '2024-01-04T15:30:00' },
      { audio_duration: 755 },
      { audio_files: [...job.audio_files, 'clerks/c1/jobs/7/audio/hall.wav'] },
      { job_type: { name: 'Human' } },
    ]
    for (const change of changed) expect(sameJobRow(row!, toJobRows([{ ...job, ...change }])[0]!)).toBe(false)
  })
})
