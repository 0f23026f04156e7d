import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveSession, clearSession } from '@/lib/session'
import { setUpFakePortalApi, type FakeReply } from '@/test/fake-portal-api'
import { dashboardRangeMs, defaultDateRange, type RangeMs } from '../lib/date-range'
import { aDashboardJob } from '../lib/job-fixtures'
import { askForDashboardEarly, dropEarlyFirstPage, FIRST_JOBS, forgetKeptCopyMarks, markCopyKept, useEarlyFirstPage } from './early-dashboard'
import { getDashboard } from './get-dashboard'

const api = setUpFakePortalApi()

const NOW = new Date(2026, 10, 28, 9, 30)
const DEFAULT_RANGE = dashboardRangeMs(defaultDateRange(NOW))
const OTHER_RANGE = { startMs: DEFAULT_RANGE.startMs - 86_400_000, endMs: DEFAULT_RANGE.endMs }
const newest = aDashboardJob({ job_id: 7, property_address: '7 Early Street, Leeds' })
const older = aDashboardJob({ job_id: 6, property_address: '6 Older Road, Leeds' })

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`
const signIn = (clerk: string) => saveSession(jwt({ sub: clerk, exp: Math.floor(Date.now() / 1000) + 900 }), 'CLERK')

/** The dashboard requests sent so far, with their queries. */
const dashboardRequests = () => api.sent.filter((request) => request.path === '/clerk/dashboard').map((request) => request.pathAndQuery)
const firstPageQuery = ({ startMs, endMs }: RangeMs) => `/clerk/dashboard?start=${startMs}&end=${endMs}&limit=${FIRST_JOBS}`
const wholeQuery = ({ startMs, endMs }: RangeMs) => `/clerk/dashboard?start=${startMs}&end=${endMs}`

/** The server's first page from now on: `jobs`, and `inRange` as X-Total-Count (none when null). */
function answerFirstPage(jobs: unknown[], inRange: string | null) {
  api.answer('GET', '/clerk/dashboard', { status: 200, body: jobs, headers: inRange === null ? {} : { 'x-total-count': inRange } })
}

/** What the page's hook gives for `range`, as it changes. */
const firstPageFor = (range: RangeMs, wanted = true) => renderHook(({ wanted }) => useEarlyFirstPage(range, wanted), { initialProps: { wanted } })

beforeEach(() => {
  localStorage.clear()
  signIn('clerk-7')
})

afterEach(() => {
  dropEarlyFirstPage()
  clearSession()
})

describe('the first page asked for by the entry of a My Jobs load', () => {
  it('is the newest hundred of the default range, asked at once: pending, then its jobs and how many the range holds', async () => {
    let answer: (reply: { status: number; body: unknown; headers: Record<string, string> }) => void = () => undefined
    api.answer('GET', '/clerk/dashboard', () => new Promise((resolve) => (answer = resolve)))
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toEqual([firstPageQuery(DEFAULT_RANGE)])
    expect(api.sent[0]!.headers.get('if-none-match')).toBeNull()

    const hook = firstPageFor(DEFAULT_RANGE)
    expect(hook.result.current).toBe('pending')
    await act(async () => answer({ status: 200, body: [newest, older], headers: { 'x-total-count': '5000' } }))
    await expect.poll(() => hook.result.current).toEqual({ jobs: [newest, older], inRange: 5000, receivedAt: expect.any(Number) })
  })

  it('is nothing for another range, when not wanted, and once dropped (an answer after that stays dropped)', async () => {
    let answer: (reply: { status: number; body: unknown; headers: Record<string, string> }) => void = () => undefined
    api.answer('GET', '/clerk/dashboard', () => new Promise((resolve) => (answer = resolve)))
    askForDashboardEarly(NOW)
    expect(firstPageFor(OTHER_RANGE).result.current).toBeUndefined()
    const hook = firstPageFor(DEFAULT_RANGE, false)
    expect(hook.result.current).toBeUndefined()
    hook.rerender({ wanted: true })
    expect(hook.result.current).toBe('pending')

    act(() => dropEarlyFirstPage())
    expect(hook.result.current).toBeUndefined()
    await act(async () => answer({ status: 200, body: [newest], headers: { 'x-total-count': '300' } }))
    expect(hook.result.current).toBeUndefined()
  })

  it('when the range holds no more, is the whole list: the page’s first request gets it with its ETag, once, and asks nothing', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [newest, older], headers: { 'x-total-count': '2', etag: '"e1"' } })
    askForDashboardEarly(NOW)
    const hook = firstPageFor(DEFAULT_RANGE)
    await expect.poll(() => hook.result.current).toBeUndefined()
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [newest, older], etag: '"e1"' })
    expect(dashboardRequests()).toEqual([firstPageQuery(DEFAULT_RANGE)])
    // Once: a refresh asks the server, with that ETag.
    api.answer('GET', '/clerk/dashboard', { status: 304, headers: { etag: '"e1"' } })
    await expect(getDashboard(DEFAULT_RANGE, { jobs: [newest, older], etag: '"e1"' })).resolves.toEqual({ jobs: [newest, older], etag: '"e1"' })
    expect(dashboardRequests()).toEqual([firstPageQuery(DEFAULT_RANGE), wholeQuery(DEFAULT_RANGE)])
    expect(api.sent[1]!.headers.get('if-none-match')).toBe('"e1"')
  })

  it('a whole list for another range, or once another clerk signed in, is dropped unused', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [newest], headers: { 'x-total-count': '1', etag: '"e1"' } })
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(1)
    const hook = firstPageFor(DEFAULT_RANGE)
    await expect.poll(() => hook.result.current).toBeUndefined()
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [older], headers: { etag: '"o1"' } })
    await expect(getDashboard(OTHER_RANGE)).resolves.toEqual({ jobs: [older], etag: '"o1"' })
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [older], etag: '"o1"' })

    api.answer('GET', '/clerk/dashboard', { status: 200, body: [newest], headers: { 'x-total-count': '1', etag: '"e1"' } })
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(4)
    await expect.poll(() => firstPageFor(DEFAULT_RANGE).result.current).toBeUndefined()
    clearSession()
    signIn('clerk-9')
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [older], headers: { etag: '"n9"' } })
    await expect(getDashboard(DEFAULT_RANGE)).resolves.toEqual({ jobs: [older], etag: '"n9"' })
  })

  it('is never given to another clerk signed in meanwhile', async () => {
    answerFirstPage([newest], '500')
    askForDashboardEarly(NOW)
    const hook = firstPageFor(DEFAULT_RANGE)
    await expect.poll(() => hook.result.current).toMatchObject({ inRange: 500 })
    clearSession()
    signIn('clerk-9')
    hook.rerender({ wanted: true })
    expect(hook.result.current).toBeUndefined()
  })

  it('is nothing when it failed or did not say how many jobs the range holds (the page then asks for the whole list)', async () => {
    const replies: FakeReply[] = ['network', { status: 200, body: [newest], headers: {} }, { status: 200, body: [newest, older], headers: { 'x-total-count': '1' } }]
    for (const reply of replies) {
      api.answer('GET', '/clerk/dashboard', reply)
      askForDashboardEarly(NOW)
      const hook = firstPageFor(DEFAULT_RANGE)
      expect(hook.result.current).toBe('pending')
      await expect.poll(() => hook.result.current).toBeUndefined()
      hook.unmount()
    }
  })

  it('is not asked for when this device keeps a copy of the clerk’s list (the page’s 304 is cheaper)', () => {
    answerFirstPage([newest], '1')
    markCopyKept('clerk-7')
    askForDashboardEarly(NOW)
    // Nothing on its way, as the page sees it.
    expect(firstPageFor(DEFAULT_RANGE).result.current).toBeUndefined()
  })

  it('is asked for when only another clerk’s copy is kept, and after the marks were wiped', async () => {
    answerFirstPage([newest], '1')
    markCopyKept('clerk-3')
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(1)

    markCopyKept('clerk-7')
    forgetKeptCopyMarks()
    expect(Object.keys(localStorage)).toEqual([])
    askForDashboardEarly(NOW)
    await expect.poll(dashboardRequests).toHaveLength(2)
  })
})
