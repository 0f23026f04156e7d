// The filter choice as My Jobs reads it: through useStoredJobFilters, on the local database
// (src/lib/local-db.ts), as a later visit would find it.
import { act, renderHook, waitFor } from '@testing-library/react'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { readLocal, writeLocal } from '@/lib/local-db'
import { DEFAULT_JOB_FILTERS, JOB_FILTERS_ID, JOB_FILTERS_STORE, useStoredJobFilters, type StoredJobFilters } from './stored-job-filters'

const storeRaw = (value: unknown) => writeLocal(JOB_FILTERS_STORE, JOB_FILTERS_ID, value)
const keptRaw = () => readLocal(JOB_FILTERS_STORE, JOB_FILTERS_ID, Type.Unknown())

/** What a visit reads, once the stored choice has arrived. */
async function visit() {
  const hook = renderHook(() => useStoredJobFilters())
  await waitFor(() => expect(hook.result.current[2]).toBe(true))
  return hook
}

async function readOnVisit(): Promise<StoredJobFilters> {
  const hook = await visit()
  const [filters] = hook.result.current
  hook.unmount()
  return filters
}

describe('stored job filters', () => {
  it('reads the defaults when nothing is stored', async () => {
    expect(await readOnVisit()).toEqual(DEFAULT_JOB_FILTERS)
  })

  it('keeps each change for the next visit', async () => {
    const filters = { status: 'In Progress' as const, reportType: 'Check In', jobType: 'AI', range: { start: '01/02/2024', end: '05/02/2024' } }
    const first = await visit()
    act(() => first.result.current[1](filters))
    expect(first.result.current[0]).toEqual(filters)
    await expect.poll(keptRaw).toEqual(filters)
    first.unmount()
    expect(await readOnVisit()).toEqual(filters)
  })

  it('reads a stored choice of another shape as the defaults, and removes it', async () => {
    await storeRaw({ status: 'Lost', reportType: 7, jobType: 'Human', range: { start: '2024-02-01', end: '05/02/2024' } })
    expect(await readOnVisit()).toEqual(DEFAULT_JOB_FILTERS)
    expect(await keptRaw()).toBeUndefined()
    await storeRaw({ status: 'Completed', reportType: '', jobType: 'Human' })
    expect(await readOnVisit()).toEqual(DEFAULT_JOB_FILTERS)
  })

  it('reads a range the server would refuse as the default range, keeping the rest', async () => {
    // Before 1970, or a day that does not exist: the list would fail on every visit.
    await storeRaw({ status: 'Completed', reportType: '', jobType: 'AI', range: { start: '31/12/1969', end: '05/02/2024' } })
    expect(await readOnVisit()).toEqual({ status: 'Completed', reportType: '', jobType: 'AI', range: null })
    await storeRaw({ status: 'all', reportType: '', jobType: '', range: { start: '01/02/2024', end: '31/02/2024' } })
    expect((await readOnVisit()).range).toBeNull()
  })
})
