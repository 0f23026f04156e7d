// Opens the Job Details named in the address (/my-jobs?job=12): a job's notification links there.
import { useEffect, useEffectEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { JOB_SEARCH_PARAM } from '@/lib/job-details-path'

/**
 * Once the list has loaded (`ready`), opens the job in `?job=` with `openDetails`, then takes the
 * parameter out of the address (replacing the entry), so a reload or Back does not open it again and
 * following the same notification later opens it afresh. A value that is not a job id is dropped.
 */
export function useJobFromAddress(ready: boolean, openDetails: (jobId: number) => void): void {
  const [params, setParams] = useSearchParams()
  const requested = params.get(JOB_SEARCH_PARAM)
  const open = useEffectEvent(openDetails)

  useEffect(() => {
    if (requested === null || !ready) return
    const jobId = Number(requested)
    if (/^\d{1,10}$/.test(requested) && jobId > 0) open(jobId)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(JOB_SEARCH_PARAM)
        return next
      },
      { replace: true },
    )
  }, [requested, ready, setParams])
}
