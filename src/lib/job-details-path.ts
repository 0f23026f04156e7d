// The address that opens one job's details on My Jobs (/my-jobs?job=12). Shared, because features do
// not import each other: notifications link to it, the jobs feature reads it (use-job-from-address.ts).

export const JOB_SEARCH_PARAM = 'job'

export function jobDetailsPath(jobId: number): string {
  return `/my-jobs?${JOB_SEARCH_PARAM}=${jobId}`
}
