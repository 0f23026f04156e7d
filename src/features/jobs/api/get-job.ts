// GET /clerk/jobs/:jobId (this portal's own call, docs/decisions/hardening-review-fixes-portal.md):
// one of the clerk's own jobs, whenever it was created, as a dashboard row. My Jobs asks for it when a
// job's notification names a job that the loaded list (a range of days) leaves out.
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { JobAnswer } from '../lib/job-answer'
import { jobKeys } from './get-dashboard'

/** The job; rejects with a 404 ApiError when it is not the clerk's or no longer exists, 'invalid-answer' when the answer is not a job. */
export function getJob(jobId: number, signal?: AbortSignal): Promise<JobAnswer> {
  return apiRequest(`/clerk/jobs/${jobId}`, { signal, schema: JobAnswer })
}

/** The job `jobId`, asked for only while `enabled` (the list does not have it). */
export function useJob(jobId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: jobKeys.job(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
    enabled,
    // Read afresh at each opening: a copy restored from the device is never taken as current.
    staleTime: 0,
  })
}
