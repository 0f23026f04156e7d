// My Jobs on a load that asked for the newest jobs early (api/early-dashboard.ts,
// docs/decisions/first-page-first.md): they are drawn with the range's count, the whole list is asked
// for only once they have been painted, a page past them waits for it, and they are never the
// device's copy; a range that held no more came whole and is the list. A clerk whose filters are their
// own gets the whole list at once.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { holdUntilListShown, listShown } from '@/lib/list-first'
import { writeLocal } from '@/lib/local-db'
import { heldReply, profileAnswer, renderWithPortal, setUpFakePortalApi, type FakeReply } from '@/test/fake-portal-api'
import { askForDashboardEarly, dropEarlyFirstPage, FIRST_JOBS } from '../api/early-dashboard'
import { jobKeys } from '../api/get-dashboard'
import { manyDashboardJobs } from '../lib/job-fixtures'
import { JOB_FILTERS_ID, JOB_FILTERS_STORE } from '../lib/stored-job-filters'
import { MyJobsPage } from './my-jobs-page'

const api = setUpFakePortalApi()

/** 130 jobs, job 130 the newest: the first pages are jobs 130 to 31. */
const ALL_JOBS = manyDashboardJobs(130).reverse()
const FIRST_PAGE = ALL_JOBS.slice(0, FIRST_JOBS)
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
  it('shows the newest with the range’s count, asks for the whole list once they are on screen; the pages past them wait for it', async () => {
    const whole = heldReply<FakeReply>({ status: 200, body: ALL_JOBS, headers: { etag: '"w1"' } })
    const firstPage = heldReply(FIRST_PAGE_ANSWER)
    const seen = answerDashboard(whole.promise, firstPage.promise)
    askForDashboardEarly()
    const { user, client } = renderWithPortal(<MyJobsPage />, { token: TOKEN })
    // The clerk's filters have been read (the dates are filled in) before the first page is here.
    await expect.poll(() => (screen.getByLabelText('Start date') as HTMLInputElement).value).not.toBe('')
    firstPage.release()

    await expect.poll(shownJobIds).toEqual([130, 129, 128, 127, 126, 125, 124, 123, 122, 121])
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByText('1–10 of 130')).toBeInTheDocument()
    // The whole list goes once the first page has been painted, and it asks for every job of the range.
    await expect.poll(() => dashboardQueries().map((query) => query.get('limit'))).toEqual([String(FIRST_JOBS), null])
    expect(seen.shownWhenWholeListAsked).toEqual([130, 129, 128, 127, 126, 125, 124, 123, 122, 121])
    // That read is a silent one: Refresh stays as it was. Tapped meanwhile, it joins the read under way
    // (no second request) and shows it (focusable, not pressable) until the list is here.
    const refresh = screen.getByRole('button', { name: 'Refresh' })
    expect(refresh).not.toHaveAttribute('aria-disabled')
    await user.click(refresh)
    await expect.poll(() => refresh.getAttribute('aria-disabled')).toBe('true')
    expect(dashboardQueries().map((query) => query.get('limit'))).toEqual([String(FIRST_JOBS), null])
    // The first pages are not the list the device keeps (the query cache is what is persisted).
    expect(client.getQueryCache().findAll({ queryKey: jobKeys.dashboards }).map((query) => query.state.data)).toEqual([undefined])

    // Page 2 is among the newest hundred: at once.
    await user.click(within(pagination).getByRole('button', { name: 'Page 2' }))
    await expect.poll(shownJobIds).toEqual([120, 119, 118, 117, 116, 115, 114, 113, 112, 111])
    // The last page is not: it waits for the whole list.
    await user.click(within(pagination).getByRole('button', { name: 'Page 13' }))
    expect(await screen.findByText('Loading jobs')).toBeInTheDocument()
    expect(shownJobIds()).toEqual([])
    expect(within(pagination).getByText('121–130 of 130')).toBeInTheDocument()

    whole.release()
    await expect.poll(shownJobIds).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(screen.queryByText('Loading jobs')).not.toBeInTheDocument()
    expect(within(pagination).getByText('121–130 of 130')).toBeInTheDocument()
    await expect.poll(() => refresh.getAttribute('aria-disabled')).toBeNull()
    expect(dashboardQueries()).toHaveLength(2)
  })

  it('takes a range that held no more than the first jobs as the whole list: nothing more is asked, and that is the list kept', async () => {
    const few = ALL_JOBS.slice(0, 12)
    api.answer('GET', '/clerk/dashboard', { status: 200, body: few, headers: { 'x-total-count': '12', etag: '"w12"' } })
    askForDashboardEarly()
    const { user, client } = renderWithPortal(<MyJobsPage />, { token: TOKEN })
    await expect.poll(shownJobIds).toEqual([130, 129, 128, 127, 126, 125, 124, 123, 122, 121])
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument()
    await expect.poll(() => client.getQueryCache().findAll({ queryKey: jobKeys.dashboards }).map((query) => query.state.data)).toEqual([{ jobs: few, etag: '"w12"' }])
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await expect.poll(shownJobIds).toEqual([120, 119])
    expect(dashboardQueries().map((query) => query.get('limit'))).toEqual([String(FIRST_JOBS)])
  })

  it('says the list failed when a page past the first ones is asked for and the whole list could not be had', async () => {
    answerDashboard(() => 'network')
    askForDashboardEarly()
    const { user } = renderWithPortal(<MyJobsPage />, { token: TOKEN })
    await expect.poll(shownJobIds).toHaveLength(10)
    await expect.poll(() => dashboardQueries()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Page 13' }))
    expect(await screen.findByText('Failed to load job data. Please try again later.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 1' }))
    await expect.poll(shownJobIds).toEqual([130, 129, 128, 127, 126, 125, 124, 123, 122, 121])
  })

  it('asks for the whole list at once for a clerk whose tab is their own, and never draws the first page', async () => {
    await writeLocal(JOB_FILTERS_STORE, JOB_FILTERS_ID, { status: 'Completed', reportType: '', jobType: '', range: null })
    const seen = answerDashboard(() => ({ status: 200, body: ALL_JOBS, headers: { etag: '"w1"' } }))
    askForDashboardEarly()
    renderWithPortal(<MyJobsPage />, { token: TOKEN })

    // The newest ten Completed jobs of the 130 (one in six, in turn).
    await expect.poll(shownJobIds).toEqual([130, 124, 118, 112, 106, 100, 94, 88, 82, 76])
    expect(dashboardQueries().map((query) => query.get('limit'))).toEqual([String(FIRST_JOBS), null])
    expect(seen.shownWhenWholeListAsked).toEqual([])
  })
})
