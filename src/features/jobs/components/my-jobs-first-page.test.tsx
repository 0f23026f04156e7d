// My Jobs on a load that asked for the first page early (api/early-dashboard.ts,
// docs/decisions/first-page-first.md): the newest ten are drawn with the range's count, the whole list
// is asked for only once they have been painted, any other page waits for it, and the first page is
// never the device's copy. A clerk whose filters are their own gets the whole list at once.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { holdUntilListShown, listShown } from '@/lib/list-first'
import { writeLocal } from '@/lib/local-db'
import { heldReply, profileAnswer, renderWithPortal, setUpFakePortalApi, type FakeReply } from '@/test/fake-portal-api'
import { askForDashboardEarly, dropEarlyFirstPage } from '../api/early-dashboard'
import { jobKeys } from '../api/get-dashboard'
import { manyDashboardJobs } from '../lib/job-fixtures'
import { JOB_FILTERS_ID, JOB_FILTERS_STORE } from '../lib/stored-job-filters'
import { MyJobsPage } from './my-jobs-page'

const api = setUpFakePortalApi()

/** 25 jobs, job 25 the newest: the first page is jobs 25 to 16. */
const ALL_JOBS = manyDashboardJobs(25).reverse()
const FIRST_PAGE = ALL_JOBS.slice(0, 10)
const FIRST_PAGE_ANSWER: FakeReply = { status: 200, body: FIRST_PAGE, headers: { 'x-total-count': String(ALL_JOBS.length) } }
const TOKEN = `h.${btoa(JSON.stringify({ sub: 'clerk-7', exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`

const dashboardQueries = () => api.sent.filter((request) => request.path === '/clerk/dashboard').map((request) => new URL(request.pathAndQuery, 'http://portal.test').searchParams)

const shownJobIds = () => screen.queryAllByRole('button', { name: /^View details of job / }).map((button) => Number(button.getAttribute('aria-label')!.split(' ').at(-1)))

/**
 * The first page (a query with a limit) answered at once; the whole list with `whole`. Returns the
 * jobs that were on screen when the whole list was asked for.
 */
function answerDashboard(
  whole: () => FakeReply | Promise<FakeReply>,
  firstPage: () => FakeReply | Promise<FakeReply> = () => FIRST_PAGE_ANSWER,
): { shownWhenWholeListAsked?: number[] } {
  const seen: { shownWhenWholeListAsked?: number[] } = {}
  api.answer('GET', '/clerk/dashboard', () => {
    if (dashboardQueries().at(-1)!.has('limit')) return firstPage()
    seen.shownWhenWholeListAsked ??= shownJobIds()
    return whole()
  })
  return seen
}

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  sessionStorage.setItem('auth_token', TOKEN)
  sessionStorage.setItem('user_role', 'CLERK')
  // As the entry of a My Jobs load does (src/main.tsx).
  holdUntilListShown()
})
afterEach(() => {
  listShown()
  dropEarlyFirstPage()
})

describe('My Jobs drawn from the first page', { timeout: 15_000 }, () => {
  it('shows the newest ten with the range’s count, and asks for the whole list once they are on screen; page 2 waits for it', async () => {
    const whole = heldReply<FakeReply>({ status: 200, body: ALL_JOBS, headers: { etag: '"w1"' } })
    const firstPage = heldReply(FIRST_PAGE_ANSWER)
    const seen = answerDashboard(whole.promise, firstPage.promise)
    askForDashboardEarly()
    const { user, client } = renderWithPortal(<MyJobsPage />, { token: TOKEN })
    // The clerk's filters have been read (the dates are filled in) before the first page is here.
    await expect.poll(() => (screen.getByLabelText('Start date') as HTMLInputElement).value).not.toBe('')
    firstPage.release()

    await expect.poll(shownJobIds).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16])
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByText('1–10 of 25')).toBeInTheDocument()
    expect(within(pagination).getByRole('button', { name: 'Page 3' })).toBeInTheDocument()
    // The whole list goes once the first page has been painted, and it asks for every job of the range.
    await expect.poll(() => dashboardQueries().map((query) => query.get('limit'))).toEqual(['10', null])
    expect(seen.shownWhenWholeListAsked).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16])
    // Refresh shows the request under way (focusable, not pressable).
    const refresh = screen.getByRole('button', { name: 'Refresh' })
    await expect.poll(() => refresh.getAttribute('aria-disabled')).toBe('true')
    // The first page is not the list the device keeps (the query cache is what is persisted).
    expect(client.getQueryCache().findAll({ queryKey: jobKeys.dashboards }).map((query) => query.state.data)).toEqual([undefined])

    await user.click(within(pagination).getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Loading jobs')).toBeInTheDocument()
    expect(shownJobIds()).toEqual([])
    expect(within(pagination).getByText('11–20 of 25')).toBeInTheDocument()

    whole.release()
    await expect.poll(shownJobIds).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6])
    expect(screen.queryByText('Loading jobs')).not.toBeInTheDocument()
    expect(within(pagination).getByText('11–20 of 25')).toBeInTheDocument()
    expect(refresh).not.toHaveAttribute('aria-disabled')
  })

  it('says the list failed when another page is asked for and the whole list could not be had', async () => {
    answerDashboard(() => 'network')
    askForDashboardEarly()
    const { user } = renderWithPortal(<MyJobsPage />, { token: TOKEN })
    await expect.poll(shownJobIds).toHaveLength(10)
    await expect.poll(() => dashboardQueries()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Failed to load job data. Please try again later.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await expect.poll(shownJobIds).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16])
  })

  it('asks for the whole list at once for a clerk whose tab is their own, and never draws the first page', async () => {
    await writeLocal(JOB_FILTERS_STORE, JOB_FILTERS_ID, { status: 'Completed', reportType: '', jobType: '', range: null })
    const seen = answerDashboard(() => ({ status: 200, body: ALL_JOBS, headers: { etag: '"w1"' } }))
    askForDashboardEarly()
    renderWithPortal(<MyJobsPage />, { token: TOKEN })

    // Every Completed job of the 25 (one in six, in turn), newest first.
    await expect.poll(shownJobIds).toEqual([22, 16, 10, 4])
    expect(dashboardQueries().map((query) => query.get('limit'))).toEqual(['10', null])
    expect(seen.shownWhenWholeListAsked).toEqual([])
  })
})
