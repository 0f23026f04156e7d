// Jobs as GET /clerk/dashboard answers them, for tests of the jobs feature (not used by the app).
import type { DashboardJob } from '@contract/jobs.ts'

/** A Completed job with one audio file; any field can be overridden. */
export function aDashboardJob(overrides: Partial<DashboardJob> & { job_id: number }): DashboardJob {
  const { job_id } = overrides
  return {
    property_address: `${job_id} Station Road, Harrogate HG1 1AA`,
    created_at: '2024-01-01T15:30:00',
    updated_at: '2024-01-02T10:00:00',
    sla_deadline: '2024-01-03T15:30:00',
    priority: 'Standard',
    audio_duration: 754,
    cost: 12.5,
    audio_files: [`clerks/c1/jobs/${job_id}/audio/kitchen.mp3`],
    template_files: [],
    support_files: [],
    transcript_files: [],
    report_type: { name: 'Inventory Report' },
    job_type: { name: 'AI' },
    sla_slot: { name: '1 Hour Priority' },
    job_status: { status: 'Completed' },
    remarks: '',
    failure_reason: null,
    staff_note: [],
    ...overrides,
  }
}

/** `count` jobs numbered from 1, created one hour apart (job 1 oldest), statuses taken in turn. */
export function manyDashboardJobs(count: number, start = new Date(2024, 0, 1, 8, 0)): DashboardJob[] {
  const statuses = ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed']
  const reportTypes = ['Inventory Report', 'Check In', 'Check Out', 'Mid-Term Inspection']
  const jobTypes = ['AI', 'Human', 'AI + Proofreading']
  return Array.from({ length: count }, (_, index) => {
    const job_id = index + 1
    const created = new Date(start.getTime() + index * 3_600_000)
    return aDashboardJob({
      job_id,
      property_address: `${job_id} ${index % 2 ? 'Mill Lane' : 'Church Street'}, Leeds LS${(index % 9) + 1}`,
      created_at: created.toISOString(),
      updated_at: new Date(created.getTime() + 1_800_000).toISOString(),
      sla_deadline: index % 7 === 0 ? '' : new Date(created.getTime() + 86_400_000).toISOString(),
      audio_duration: 30 + ((index * 37) % 4000),
      audio_files: index % 3 ? [`a/${job_id}/one.mp3`, `a/${job_id}/two.wav`] : [`a/${job_id}/one.m4a`],
      report_type: { name: reportTypes[index % reportTypes.length] ?? '' },
      job_type: { name: jobTypes[index % jobTypes.length] ?? '' },
      job_status: { status: statuses[index % statuses.length] ?? '' },
    })
  })
}
