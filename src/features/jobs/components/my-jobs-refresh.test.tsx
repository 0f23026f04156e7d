// My Jobs' refresh asks only whether the list changed: it sends the ETag of the list it holds as
// If-None-Match, past the browser's HTTP cache, and a 304 keeps that very list (decisions.md,
// Performance: the job list). The ETag also survives the offline copy.
import { screen, waitFor, within } from '@testing-library/react'
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestQueryClient, heldReply, renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { ApiError } from '@/lib/api-client'
import { aDashboardJob, manyDashboardJobs } from '../lib/job-fixtures'
import { ROWS_SLICE } from '../lib/job-rows'
import { getDashboardQueryOptions, jobKeys, type DashboardData } from '../api/get-dashboard'
import { MyJobsPage } from './my-jobs-page'

const api = setUpFakePortalApi()

const JOBS = [12, 11, 10].map((job_id) => aDashboardJob({ job_id, created_at: `2024-03-0${job_id - 8}T10:00:00` }))

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/clerk/dashboard', { status: 200, body: JOBS, headers: { etag: 'W/"v1"' } })
})

const dashboardSent = () => api.sent.filter((request) => request.path === '/clerk/dashboard')
const shownIds = () =>
  within(screen.getByRole('table', { name: 'Jobs' }))
    .getAllByRole('button', { name: /^View details of job / })
    .map((button) => Number(/\d+$/.exec(button.getAttribute('aria-label') ?? '')?.[0]))
const dashboardState = (client: QueryClient) => client.getQueryCache().findAll({ queryKey: jobKeys.dashboards })[0]!.state

describe('My Jobs: the refresh', () => {
  it('sends the ETag of the list it holds, past the browser’s cache, and keeps that very list on a 304', async () => {
    const { user, client } = renderWithPortal(<MyJobsPage />)
    await waitFor(() => expect(shownIds()).toEqual([12, 11, 10]))
    // The first read has no copy to name.
    expect(dashboardSent()[0]!.headers.get('if-none-match')).toBeNull()
    const held = dashboardState(client).data as DashboardData
    expect(held.etag).toBe('W/"v1"')

    api.answer('GET', '/clerk/dashboard', { status: 304, headers: { etag: 'W/"v1"' } })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(dashboardSent()).toHaveLength(2))
    await waitFor(() => expect(dashboardState(client).fetchStatus).toBe('idle'))

    const refresh = dashboardSent()[1]!
    expect(refresh.headers.get('if-none-match')).toBe('W/"v1"')
    expect(refresh.cache).toBe('no-store')
    // The same object: nothing parsed, and nothing built from it (rows, filters, sorting) is made again.
    expect(dashboardState(client).status).toBe('success')
    expect(dashboardState(client).data).toBe(held)
    expect(shownIds()).toEqual([12, 11, 10])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('takes a changed list with its new ETag, and names that one next time', async () => {
    const { user, client } = renderWithPortal(<MyJobsPage />)
    await waitFor(() => expect(shownIds()).toEqual([12, 11, 10]))

    api.answer('GET', '/clerk/dashboard', { status: 200, body: JOBS.slice(1), headers: { etag: 'W/"v2"' } })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(shownIds()).toEqual([11, 10]))
    expect(dashboardSent()[1]!.headers.get('if-none-match')).toBe('W/"v1"')

    api.answer('GET', '/clerk/dashboard', { status: 304, headers: { etag: 'W/"v2"' } })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(dashboardSent()).toHaveLength(3))
    await waitFor(() => expect(dashboardState(client).fetchStatus).toBe('idle'))
    expect(dashboardSent()[2]!.headers.get('if-none-match')).toBe('W/"v2"')
    expect(shownIds()).toEqual([11, 10])
  })

  it('leaves Refresh as it is while a silent read runs; tapped then, it joins that read and shows it until it ends', async () => {
    const { user, client } = renderWithPortal(<MyJobsPage />)
    await waitFor(() => expect(shownIds()).toEqual([12, 11, 10]))
    const refresh = screen.getByRole('button', { name: 'Refresh' })
    const answer = heldReply({ status: 200, body: JOBS.slice(1), headers: { etag: 'W/"v2"' } })
    api.answer('GET', '/clerk/dashboard', answer.promise)

    // A read the clerk did not ask for (as the 60 s refresh, or a deletion's): nothing on the button.
    void client.refetchQueries({ queryKey: jobKeys.dashboards })
    await waitFor(() => expect(dashboardSent()).toHaveLength(2))
    expect(refresh).not.toHaveAttribute('aria-disabled')
    await user.click(refresh)
    await waitFor(() => expect(refresh).toHaveAttribute('aria-disabled', 'true'))
    // Joined, not cancelled and sent again.
    expect(dashboardSent()).toHaveLength(2)

    answer.release()
    await waitFor(() => expect(shownIds()).toEqual([11, 10]))
    await waitFor(() => expect(refresh).not.toHaveAttribute('aria-disabled'))
    expect(dashboardSent()).toHaveLength(2)
  })

  it('shows a list longer than one slice of rows, and a refresh that changes it, newest first', async () => {
    const many = manyDashboardJobs(ROWS_SLICE * 2 + 5)
    api.answer('GET', '/clerk/dashboard', { status: 200, body: many, headers: { etag: 'W/"v1"' } })
    const { user } = renderWithPortal(<MyJobsPage />)
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(pagination).toHaveTextContent(`1–10 of ${ROWS_SLICE * 2 + 5}`)
    expect(shownIds()).toEqual(Array.from({ length: 10 }, (_, i) => ROWS_SLICE * 2 + 5 - i))

    api.answer('GET', '/clerk/dashboard', { status: 200, body: manyDashboardJobs(ROWS_SLICE * 2 + 6), headers: { etag: 'W/"v2"' } })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(pagination).toHaveTextContent(`1–10 of ${ROWS_SLICE * 2 + 6}`))
    expect(shownIds()[0]).toBe(ROWS_SLICE * 2 + 6)
  })
})

describe('a refreshed list in the rows already shown', () => {
  it('shows a job’s new status and address in its row, and leaves the selection as ticked', async () => {
    const before = [aDashboardJob({ job_id: 12, job_status: { status: 'Completed' } }), aDashboardJob({ job_id: 11, job_status: { status: 'Failed' } })]
    api.answer('GET', '/clerk/dashboard', { status: 200, body: before, headers: { etag: 'W/"v1"' } })
    const { user } = renderWithPortal(<MyJobsPage />)
    await user.click(await screen.findByRole('checkbox', { name: 'Select job 12' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select job 11' }))
    expect(screen.getByText('2 jobs selected')).toBeInTheDocument()

    const after = [aDashboardJob({ job_id: 12, job_status: { status: 'Completed' } }), aDashboardJob({ job_id: 11, job_status: { status: 'Scheduled' }, property_address: '11 New Road, Harrogate HG1 1AA' })]
    api.answer('GET', '/clerk/dashboard', { status: 200, body: after, headers: { etag: 'W/"v2"' } })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    const row = () => screen.getByRole('button', { name: 'View details of job 11' }).closest('tr, li')!
    await waitFor(() => expect(row()).toHaveTextContent('Scheduled'))
    expect(row()).toHaveTextContent('11 New Road, Harrogate HG1 1AA')
    // Job 11 can no longer be deleted: only job 12 stays selected.
    expect(screen.queryByRole('checkbox', { name: 'Select job 11' })).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select job 12' })).toBeChecked()
    expect(screen.getByText('1 job selected')).toBeInTheDocument()
  })
})

describe('getDashboard and the offline copy', () => {
  const range = { startMs: 1, endMs: 2 }
  beforeEach(() => {
    sessionStorage.setItem('auth_token', 'test-token')
    sessionStorage.setItem('user_role', 'CLERK')
  })

  it('keeps the ETag in the copy written to the device, and the restored list asks with it', async () => {
    const first = createTestQueryClient()
    await first.fetchQuery(getDashboardQueryOptions(range))
    // What the persister writes and reads back: the dehydrated cache as JSON.
    const copy = JSON.parse(JSON.stringify(dehydrate(first))) as ReturnType<typeof dehydrate>
    const restored = createTestQueryClient()
    hydrate(restored, copy)
    const kept = restored.getQueryData<DashboardData>(jobKeys.dashboard(1, 2))
    expect(kept).toEqual({ jobs: JOBS, etag: 'W/"v1"' })

    api.answer('GET', '/clerk/dashboard', { status: 304, headers: { etag: 'W/"v1"' } })
    await expect(restored.fetchQuery({ ...getDashboardQueryOptions(range), staleTime: 0 })).resolves.toBe(kept)
    expect(dashboardSent().map((request) => request.headers.get('if-none-match'))).toEqual([null, 'W/"v1"'])
  })

  it('refuses a 304 when it holds no list to keep', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 304 })
    const error = await createTestQueryClient()
      .fetchQuery(getDashboardQueryOptions(range))
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'invalid-answer', status: 304 })
  })
})
