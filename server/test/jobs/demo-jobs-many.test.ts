// The operator's demo-jobs up to 5,000 in one call (a busy clerk's four years), and the job list with
// 0, 12 and 5,000 jobs: the same answer shape, its ETag and its 304 at each size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

interface ListedJob {
  job_id: number
  created_at: string
  audio_files: string[]
  audio_duration: number
  job_status: { status: string }
}

describe('a clerk with 0, 12 and 5,000 jobs', () => {
  let t: TestApp
  let token: string
  const email = 'busy.demo@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    token = (await signIn(t, email)).token
  })
  afterAll(() => t.app.close())

  const demoJobs = (count: number) => t.app.inject({ method: 'POST', url: '/api/ops/demo-jobs', headers: opsHeaders(t), payload: { email, count } })
  const end = Date.now() + 3_600_000
  const dashboard = (ifNoneMatch?: string) =>
    t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${end}`, headers: { ...bearer(token), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } })

  /** The list, checked to be newest first, and its ETag checked to answer 304. */
  async function listed(): Promise<ListedJob[]> {
    const response = await dashboard()
    expect(response.statusCode).toBe(200)
    const list = response.json<ListedJob[]>()
    const created = list.map((job) => job.created_at)
    expect(created).toEqual([...created].sort().reverse())
    expect((await dashboard(response.headers.etag as string)).statusCode).toBe(304)
    return list
  }

  it('lists no jobs as an empty list, with its ETag', async () => {
    expect(await listed()).toEqual([])
  })

  it('lists 12 demo jobs with their full-length recordings', async () => {
    expect((await demoJobs(12)).statusCode).toBe(200)
    const list = await listed()
    expect(list).toHaveLength(12)
    expect(list.every((job) => job.audio_duration >= 20)).toBe(true)
  })

  it('makes 5,000 demo jobs in one call, each with a measured recording, across the life cycle', async () => {
    const made = await demoJobs(5000)
    expect(made.statusCode).toBe(200)
    // The answer names the first 12 ids and sums up the rest, rather than listing 5,000 of them.
    expect(made.json().message).toMatch(/^5000 demo jobs were added for busy\.demo@example\.com: #\d+(, #\d+){11} and 4988 more, up to #\d+\.$/)
    // Every id is in job_ids, the last one the message's last.
    const ids = made.json().job_ids as number[]
    expect(new Set(ids).size).toBe(5000)
    expect(made.json().message).toContain(`up to #${ids.at(-1)}.`)
    const list = await listed()
    expect(list).toHaveLength(5012)
    const many = list.filter((job) => job.audio_duration < 20)
    expect(many).toHaveLength(5000)
    expect(many.every((job) => job.audio_files.length === 1 && job.audio_duration >= 1)).toBe(true)
    const counts: Record<string, number> = {}
    for (const job of many) counts[job.job_status.status] = (counts[job.job_status.status] ?? 0) + 1
    expect(counts).toEqual({ Submitted: 834, Scheduled: 834, 'In Progress': 833, Completed: 833, Downloaded: 833, Failed: 833 })
  }, 240_000)

  it('refuses more than 5,000 in one call', async () => {
    const refused = await demoJobs(5001)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('invalid_input')
  })
})
