// The last job list this device stored, whatever its date range. The dashboard's query key holds
// its range, and the default range moves at midnight (the last 7 days up to today), so offline after
// midnight the current range's list was never stored, while yesterday's is still in the offline copy
// (src/app/query-persistence.tsx). The page shows that one then, saying which list it is and when
// it was read.
import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RangeMs } from '../lib/date-range'
import type { JobAnswer } from '../lib/job-answer'
import { jobKeys, type DashboardData } from './get-dashboard'

export interface StoredDashboard {
  jobs: JobAnswer[]
  /** When it was read from the server, in ms. */
  updatedAt: number
  range: RangeMs
}

/** The most recently read dashboard list held by the query client (restored from the device or read in this visit). */
function lastStoredDashboard(client: QueryClient): StoredDashboard | null {
  let latest: StoredDashboard | null = null
  for (const query of client.getQueryCache().findAll({ queryKey: jobKeys.dashboards })) {
    const [, , startMs, endMs] = query.queryKey
    const { data, dataUpdatedAt, status } = query.state
    const jobs = (data as DashboardData | undefined)?.jobs
    if (status !== 'success' || !Array.isArray(jobs) || typeof startMs !== 'number' || typeof endMs !== 'number') continue
    if (!latest || dataUpdatedAt > latest.updatedAt) latest = { jobs, updatedAt: dataUpdatedAt, range: { startMs, endMs } }
  }
  return latest
}

/** lastStoredDashboard while `wanted` (offline with no list for the current range); null otherwise. */
export function useLastStoredDashboard(wanted: boolean): StoredDashboard | null {
  const client = useQueryClient()
  // Read when it becomes wanted: offline, nothing new arrives in the cache meanwhile.
  return useMemo(() => (wanted ? lastStoredDashboard(client) : null), [client, wanted])
}
