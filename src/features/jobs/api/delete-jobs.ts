// DELETE /clerk/delete-jobs {job_ids} (portal-spec.md §7): "{n} job(s) deleted", or a 400 or 404
// {detail} when any of them may not be deleted, in which case none is.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DeleteJobsResponse, type DeleteJobsBody } from '@contract/jobs.ts'
import { apiRequest } from '@/lib/api-client'
import { jobKeys } from './get-dashboard'

/** portal-spec.md §7: the answer means success when it says 'deleted successfully' or 'job(s) deleted'. */
export function isDeletedAnswer(message: string | null | undefined): boolean {
  const text = (message ?? '').toLowerCase()
  return text.includes('deleted successfully') || text.includes('job(s) deleted')
}

/** An answer without its message fails ('invalid-answer'): the dialog then shows its own failure text. */
export function deleteJobs(jobIds: readonly number[]): Promise<DeleteJobsResponse> {
  const body: DeleteJobsBody = { job_ids: [...jobIds] }
  return apiRequest('/clerk/delete-jobs', { method: 'DELETE', json: body, schema: DeleteJobsResponse })
}

export function useDeleteJobs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteJobs,
    // After a refusal too: a job may have changed or gone since the list was read. Not awaited: a
    // refetch paused by a dropped connection would otherwise hold the dialog at "Deleting...".
    onSettled: () => void queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  })
}
