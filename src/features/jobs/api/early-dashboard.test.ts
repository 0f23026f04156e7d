import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveSession, clearSession } from '@/lib/session'
import { setUpFakePortalApi } from '@/test/fake-portal-api'
import { dashboardRangeMs, defaultDateRange } from '../lib/date-range'
import { aDashboardJob } from '../lib/job-fixtures'
import { askForDashboardEarly, forgetKeptCopyMarks, markCopyKept, takeEarlyDashboard } from './early-dashboard'
import { getDashboard } from './get-dashboard'

const api = setUpFakePortalApi()

const NOW = new Date(2026, 10, 28, 9, 30)
const DEFAULT_RANGE = dashboardRangeMs(defaultDateRange(NOW))
const OTHER_RANGE = { startMs: DEFAULT_RANGE.startMs - 86_400_000, endMs: DEFAULT_RANGE.endMs }
const early = aDashboardJob({ job_id: 7, property_address: '7 Early Street, Leeds' })
const later = aDashboardJob({ job_id: 8, property_address: '8 Later Road, Leeds' })

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`
const signIn = (clerk: string) => saveSession(jwt({ sub: clerk, exp: Math.floor(Date.now() / 1000) + 900 }), 'CLERK')

/** The dashboard requests sent so far, with their ranges. */
const dashboardRequests = () => api.sent.filter((request) => request.path === '/clerk/dashboard').map((request) => request.pathAndQuery)
const queryOf = ({ startMs, endMs }: { startMs: number; endMs: number }) => `/clerk/dashboard?start=${startMs}&end=${endMs}`

/** The server's lists by range from now on: each request gets the list planned for its range. */
function answerDashboard(lists: Map<string, { jobs: unknown[]; etag: string }>) {
  api.answer('GET', '/clerk/dashboard', () => {
    const list = lists.get(dashboardRequests().at(-1)!)
    return list ? { status: 200, body: list.jobs, headers: { etag: list.etag } } : { status: 404, body: { detail: 'Not planned' } }
  })
}
const listsOf = (...entries: [range: { startMs: number; endMs: number }, jobs: unknown[], etag: string][]) =>
  new Map(entries.map(([range, jobs, etag]) => [queryOf(range), { jobs, etag }]))

beforeEach(() => {
  localStorage.clear()
  signIn('clerk-7')
  // Whatever a test left untaken is dropped: the slot holds one answer at most.
  void takeEarlyDashboard({ startMs: 0, endMs: 0 })
})

afterEach(() => clearSession())

describe('the list asked for by the entry of a My Jobs load', () => {
  it('is asked for the default range at once, and the page’s first request gets that answer without asking again', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toEqual([queryOf(DEFAULT_RANGE)])
    expect(api.sent[0]!.headers.get('if-none-match')).toBeNull()

    answerDashboard(listsOf([DEFAULT_RANGE, [later], '"e2"']))
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [early], etag: '"e1"' })
    expect(dashboardRequests()).toHaveLength(1)
  })

  it('is a whole list, so it stands even when the page holds a copy', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    askForDashboardEarly(NOW)
    await expect(getDashboard(DEFAULT_RANGE, { jobs: [later], etag: '"old"' })).resolves.toEqual({ jobs: [early], etag: '"e1"' })
    expect(dashboardRequests()).toHaveLength(1)
  })

  it('is given once: the next request, a refresh, asks the server again', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    askForDashboardEarly(NOW)
    const first = await getDashboard(DEFAULT_RANGE)
    answerDashboard(listsOf([DEFAULT_RANGE, [later], '"e2"']))
    await expect(getDashboard(DEFAULT_RANGE, first)).resolves.toEqual({ jobs: [later], etag: '"e2"' })
    expect(dashboardRequests()).toEqual([queryOf(DEFAULT_RANGE), queryOf(DEFAULT_RANGE)])
    expect(api.sent[1]!.headers.get('if-none-match')).toBe('"e1"')
  })

  it('is dropped when the page first asks for another range (the clerk’s own), and never given later', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"'], [OTHER_RANGE, [later], '"o1"']))
    askForDashboardEarly(NOW)
    await expect(getDashboard(OTHER_RANGE)).resolves.toEqual({ jobs: [later], etag: '"o1"' })
    answerDashboard(listsOf([DEFAULT_RANGE, [later], '"e2"']))
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [later], etag: '"e2"' })
    expect(dashboardRequests()).toEqual([queryOf(DEFAULT_RANGE), queryOf(OTHER_RANGE), queryOf(DEFAULT_RANGE)])
  })

  it('is never given to another clerk signed in meanwhile', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(1)
    clearSession()
    signIn('clerk-9')
    answerDashboard(listsOf([DEFAULT_RANGE, [later], '"e9"']))
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [later], etag: '"e9"' })
    expect(dashboardRequests()).toHaveLength(2)
  })

  it('when it failed, the page asks again and shows that answer', async () => {
    api.answer('GET', '/clerk/dashboard', 'network')
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(1)
    answerDashboard(listsOf([DEFAULT_RANGE, [later], '"e2"']))
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [later], etag: '"e2"' })
    expect(dashboardRequests()).toHaveLength(2)
  })

  it('is not asked for when this device keeps a copy of the clerk’s list (the page’s 304 is cheaper)', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    markCopyKept('clerk-7')
    askForDashboardEarly(NOW)
    // The page's own request: by its answer an early one would have been sent before it.
    await getDashboard(DEFAULT_RANGE)
    expect(dashboardRequests()).toEqual([queryOf(DEFAULT_RANGE)])
  })

  it('is asked for when only another clerk’s copy is kept, and after the marks were wiped', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    markCopyKept('clerk-3')
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(1)
    await getDashboard(DEFAULT_RANGE)

    markCopyKept('clerk-7')
    forgetKeptCopyMarks()
    expect(Object.keys(localStorage)).toEqual([])
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(2)
  })

  it('is not asked for without a clerk', async () => {
    answerDashboard(listsOf([DEFAULT_RANGE, [early], '"e1"']))
    clearSession()
    askForDashboardEarly(NOW)
    signIn('clerk-7')
    await getDashboard(DEFAULT_RANGE)
    expect(dashboardRequests()).toHaveLength(1)
  })
})
