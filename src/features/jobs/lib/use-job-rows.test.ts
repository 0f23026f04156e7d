import { describe, expect, it } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { manyDashboardJobs } from './job-fixtures'
import { ROWS_SLICE, toJobRows } from './job-rows'
import type { JobAnswer } from './job-answer'
import { useJobRows } from './use-job-rows'

const ids = (rows: { id: number }[] | undefined) => rows?.map((row) => row.id)

describe('useJobRows', () => {
  it('gives no rows without a list', () => {
    const { result } = renderHook(() => useJobRows(undefined))
    expect(result.current).toBeUndefined()
  })

  it('gives a short list\'s rows at once', () => {
    const jobs = manyDashboardJobs(ROWS_SLICE)
    const { result } = renderHook(() => useJobRows(jobs))
    expect(result.current).toEqual(toJobRows(jobs))
  })

  it('builds a long list\'s rows after the render, then gives them', async () => {
    const jobs = manyDashboardJobs(ROWS_SLICE * 2 + 1)
    const { result } = renderHook(() => useJobRows(jobs))
    expect(result.current).toBeUndefined()
    await waitFor(() => expect(result.current).toHaveLength(ROWS_SLICE * 2 + 1))
    expect(result.current).toEqual(toJobRows(jobs))
  })

  it('keeps the rows shown before while a refreshed long list is built, then shows the new ones', async () => {
    const before = manyDashboardJobs(ROWS_SLICE * 2)
    const { result, rerender } = renderHook(({ jobs }: { jobs: JobAnswer[] | undefined }) => useJobRows(jobs), { initialProps: { jobs: before as JobAnswer[] | undefined } })
    await waitFor(() => expect(result.current).toHaveLength(ROWS_SLICE * 2))

    const refreshed = manyDashboardJobs(ROWS_SLICE * 2 + 1)
    rerender({ jobs: refreshed })
    expect(ids(result.current)).toEqual(ids(toJobRows(before)))
    await waitFor(() => expect(result.current).toHaveLength(ROWS_SLICE * 2 + 1))

    // The list built once is not built again: back to it, its rows come at once.
    rerender({ jobs: before })
    expect(ids(result.current)).toEqual(ids(toJobRows(before)))
    rerender({ jobs: undefined })
    expect(result.current).toBeUndefined()
  })
})
