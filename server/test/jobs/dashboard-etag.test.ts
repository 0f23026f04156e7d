// The job list's ETag (decisions.md, Performance: the job list): an unchanged refresh is answered 304
// with no body; every kind of change to the clerk's jobs (a status move, a staff note, a transcript, a
// new job through create-job, a deletion, the download that marks a job Downloaded) gives a new ETag
// and the new state; another clerk's changes and another range do not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, lookupIds, makeFolder, submitJob, type Clerk } from '../create-job/support.ts'

interface ListedJob {
  job_id: number
  property_address: string
  job_status: { status: string }
  transcript_files: string[]
  staff_note: { note: string }[]
}

const encodePath = (key: string) => key.split('/').map(encodeURIComponent).join('/')

describe('GET /api/clerk/dashboard with If-None-Match', () => {
  let t: TestApp
  let alice: Clerk
  let bob: Clerk
  // Alice's demo jobs: Submitted, Scheduled, In Progress, Completed, Downloaded, Failed.
  let ids: number[]
  let bobIds: number[]
  const range = { start: 0, end: Date.now() + 24 * 3_600_000 }

  beforeAll(async () => {
    t = await createTestApp()
    alice = await clerkWithCredits(t, 'alice.etag@example.com', 100_00)
    bob = await clerkWithCredits(t, 'bob.etag@example.com', 0)
    ids = await createDemoJobsFor(t, 'alice.etag@example.com', 6)
    bobIds = await createDemoJobsFor(t, 'bob.etag@example.com', 3)
  })
  afterAll(() => t.app.close())

  const dashboard = (clerk: Clerk, ifNoneMatch?: string, { start, end } = range, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/clerk/dashboard?start=${start}&end=${end}`,
      headers: { ...bearer(clerk.token), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}), ...headers },
    })
  const etagOf = async (clerk: Clerk, options?: typeof range) => {
    const response = await dashboard(clerk, undefined, options)
    expect(response.statusCode).toBe(200)
    return response.headers.etag as string
  }
  const ops = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/ops${url}`, headers: opsHeaders(t), payload })
  const statusOf = async (jobId: number) => (JSON.parse((await dashboard(alice)).body) as ListedJob[]).find((job) => job.job_id === jobId)

  /** Takes the ETag, runs the change, and expects a full answer with a new ETag that then answers 304. */
  async function expectNewState(change: () => Promise<unknown>): Promise<ListedJob[]> {
    const before = await etagOf(alice)
    await change()
    const stale = await dashboard(alice, before)
    expect(stale.statusCode).toBe(200)
    const after = stale.headers.etag as string
    expect(after).not.toBe(before)
    expect((await dashboard(alice, after)).statusCode).toBe(304)
    return JSON.parse(stale.body) as ListedJob[]
  }

  it('answers the list with a weak ETag and private, no-cache', async () => {
    const response = await dashboard(alice)
    expect(response.statusCode).toBe(200)
    expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
    expect(response.headers['cache-control']).toBe('private, no-cache')
    expect(response.json()).toHaveLength(6)
  })

  it('answers 304 with no body, the same ETag and no-cache while nothing changed, compressed or not', async () => {
    const etag = await etagOf(alice)
    const unchanged = await dashboard(alice, etag)
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
    // No body announced either: a client that believes a Content-Length on a 304 would wait for it.
    expect(unchanged.headers['content-length']).toBeUndefined()
    expect(unchanged.headers['content-type']).toBeUndefined()
    expect(unchanged.headers.etag).toBe(etag)
    expect(unchanged.headers['cache-control']).toBe('private, no-cache')
    // Several tags, one of them the list's; and the strong form of the same tag (weak comparison).
    expect((await dashboard(alice, `W/"other", ${etag}`)).statusCode).toBe(304)
    expect((await dashboard(alice, etag.slice(2))).statusCode).toBe(304)
    // As a browser's refresh asks: compressed, and with the no-cache its `cache: 'no-store'` adds.
    const browserLike = await dashboard(alice, etag, range, { 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache', pragma: 'no-cache' })
    expect(browserLike.statusCode).toBe(304)
    expect(browserLike.rawPayload).toHaveLength(0)
  })

  it('answers the whole list to an If-None-Match that names another state', async () => {
    const response = await dashboard(alice, 'W/"not-the-list"')
    expect(response.statusCode).toBe(200)
    expect(JSON.parse(response.body)).toHaveLength(6)
  })

  it('gives each range and each clerk its own ETag', async () => {
    const whole = await etagOf(alice)
    const other = { start: 1, end: range.end }
    const otherRange = await etagOf(alice, other)
    expect(otherRange).not.toBe(whole)
    expect((await dashboard(alice, whole, other)).statusCode).toBe(200)
    // Bob never gets a 304 for Alice's list, whatever he sends.
    expect((await dashboard(bob, whole)).statusCode).toBe(200)
  })

  it('keeps the ETag when only another clerk’s jobs change', async () => {
    const etag = await etagOf(alice)
    expect((await ops(`/jobs/${bobIds[0]}/status`, { status: 'Scheduled' })).statusCode).toBe(200)
    expect((await ops(`/jobs/${bobIds[0]}/notes`, { note: 'Bob’s note.' })).statusCode).toBe(200)
    await createDemoJobsFor(t, 'bob.etag@example.com', 1)
    expect((await dashboard(alice, etag)).statusCode).toBe(304)
  })

  it('a status move', async () => {
    const list = await expectNewState(() => ops(`/jobs/${ids[0]}/status`, { status: 'Scheduled' }))
    expect(list.find((job) => job.job_id === ids[0])!.job_status).toEqual({ status: 'Scheduled' })
  })

  it('a staff note', async () => {
    const list = await expectNewState(() => ops(`/jobs/${ids[1]}/notes`, { note: 'Keys collected from the agent.' }))
    expect(list.find((job) => job.job_id === ids[1])!.staff_note.map((note) => note.note)).toContain('Keys collected from the agent.')
  })

  it('a transcript', async () => {
    const list = await expectNewState(async () => {
      const { payload, headers } = multipart({}, [{ name: 'file', filename: 'Report.txt', content: 'Kitchen: clean.\n' }])
      const attached = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${ids[2]}/transcripts`, headers: { ...opsHeaders(t), ...headers }, payload })
      expect(attached.statusCode).toBe(200)
    })
    expect(list.find((job) => job.job_id === ids[2])!.transcript_files.map((key) => key.split('/').pop())).toEqual(['Report.txt'])
  })

  it('the clerk’s download that marks a Completed job Downloaded', async () => {
    const completed = (await statusOf(ids[3]!))!
    expect(completed.job_status).toEqual({ status: 'Completed' })
    const list = await expectNewState(async () => {
      const download = await t.app.inject({ method: 'GET', url: `/api/files/13/${encodePath(completed.transcript_files[0]!)}`, headers: bearer(alice.token) })
      expect(download.statusCode).toBe(200)
    })
    expect(list.find((job) => job.job_id === ids[3])!.job_status).toEqual({ status: 'Downloaded' })
  })

  it('a new job through create-job', async () => {
    const lookup = await lookupIds(t)
    const folder = await makeFolder(t, alice.userId, { reportTypeId: lookup.reportType.Inventory!, seconds: [61] })
    const list = await expectNewState(async () => {
      const created = await submitJob(t, alice.token, {
        propertyAddress: '3 New Street, York YO1 7HH',
        reportTypeId: String(lookup.reportType.Inventory),
        jobTypeId: String(lookup.jobType.AI),
        slaSlotId: String(lookup.slot['1 Hour Priority']),
        remarks: '',
        folderToken: folder.token,
      })
      expect(created.json()).toMatchObject({ success: true, message: 'Job created successfully.' })
    })
    expect(list[0]!.property_address).toBe('3 New Street, York YO1 7HH')
  })

  it('a new job made by the operator’s demo-jobs', async () => {
    const count = (await dashboard(alice)).json<ListedJob[]>().length
    const list = await expectNewState(() => createDemoJobsFor(t, 'alice.etag@example.com', 1))
    expect(list).toHaveLength(count + 1)
  })

  it('a deletion', async () => {
    const list = await expectNewState(async () => {
      const deleted = await t.app.inject({ method: 'POST', url: '/api/clerk/delete-jobs', headers: bearer(alice.token), payload: { job_ids: [ids[5]] } })
      expect(deleted.json()).toEqual({ message: '1 job(s) deleted' })
    })
    expect(list.map((job) => job.job_id)).not.toContain(ids[5])
  })

  it('a deletion and a new job that keep the count', async () => {
    expect((await ops(`/jobs/${ids[0]}/status`, { status: 'Failed', reason: 'The audio is silent' })).statusCode).toBe(200)
    const count = (await dashboard(alice)).json<ListedJob[]>().length
    const list = await expectNewState(async () => {
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/clerk/delete-jobs', headers: bearer(alice.token), payload: { job_ids: [ids[0]] } })
      expect(deleted.json()).toEqual({ message: '1 job(s) deleted' })
      await createDemoJobsFor(t, 'alice.etag@example.com', 1)
    })
    expect(list).toHaveLength(count)
    expect(list.map((job) => job.job_id)).not.toContain(ids[0])
  })
})
