// The full job list's compressed answer is kept in memory by ETag and encoding (decisions.md,
// Performance: the full list from a cache): a second full request for the same list is sent from it,
// byte for byte, without building the list; a change to the clerk's jobs gives a new ETag, so the next
// request builds the new list; another clerk, range or encoding never gets someone else's answer; a
// client that has gone leaves nothing kept; an answer over the entry cap is not kept and all answers
// together stay under the total cap, the least recently used going first.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DashboardResponse } from '@contract/jobs.ts'
import { DASHBOARD_PAGE_SIZE } from '../../src/jobs/dashboard-stream.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { bearer, createDemoJobsFor, createTestApp, opsHeaders, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, type Clerk } from '../create-job/support.ts'

const range = { start: 0, end: Date.now() + 24 * 3_600_000 }
const BR = { 'accept-encoding': 'gzip, deflate, br' }
const GZIP = { 'accept-encoding': 'gzip' }

interface ListedJob {
  job_id: number
  job_status: { status: string }
}

function listFor(t: TestApp) {
  const dashboard = (clerk: Clerk, headers: Record<string, string> = {}, { start, end } = range) =>
    t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=${start}&end=${end}`, headers: { ...bearer(clerk.token), ...headers } })
  /** What a fresh build gives: the whole array through the 200 response schema, as before any cache. */
  const plainAnswer = async (clerk: Clerk, { start, end } = range) => {
    const plain = Fastify()
    plain.get('/', { schema: { response: { 200: DashboardResponse } } }, () => jobsRepository.dashboard(t.database.db, clerk.userId, new Date(start), new Date(end)))
    const body = (await plain.inject({ method: 'GET', url: '/' })).body
    await plain.close()
    return body
  }
  return { dashboard, plainAnswer }
}

/** Counts list builds: each reads the range's ids once (dashboard-stream.ts). */
const watchBuilds = () => vi.spyOn(jobsRepository, 'dashboardIds')

describe('GET /api/clerk/dashboard from the kept compressed answer', () => {
  let t: TestApp
  let alice: Clerk
  let bob: Clerk
  let aliceIds: number[]
  let bobIds: number[]
  let dashboard: ReturnType<typeof listFor>['dashboard']
  let plainAnswer: ReturnType<typeof listFor>['plainAnswer']

  beforeAll(async () => {
    t = await createTestApp()
    ;({ dashboard, plainAnswer } = listFor(t))
    alice = await clerkWithCredits(t, 'alice.cache@example.com', 0)
    bob = await clerkWithCredits(t, 'bob.cache@example.com', 0)
    // Several pages, so that the client has some compressed bytes well before the end and can leave.
    aliceIds = await createDemoJobsFor(t, 'alice.cache@example.com', DASHBOARD_PAGE_SIZE * 6)
    bobIds = await createDemoJobsFor(t, 'bob.cache@example.com', 3)
  })
  afterEach(() => vi.restoreAllMocks())
  afterAll(() => t.app.close())

  it('sends a second full request from the kept answer, byte for byte, without building the list, in brotli and in gzip', async () => {
    const builds = watchBuilds()
    const pages = vi.spyOn(jobsRepository, 'dashboardPage')
    const expected = await plainAnswer(alice)
    expect(JSON.parse(expected)).toHaveLength(aliceIds.length)

    for (const [headers, decompress, encoding] of [[BR, brotliDecompressSync, 'br'], [GZIP, gunzipSync, 'gzip']] as const) {
      builds.mockClear()
      pages.mockClear()
      const first = await dashboard(alice, headers)
      expect(first.statusCode).toBe(200)
      expect(builds).toHaveBeenCalledTimes(1)
      expect(decompress(first.rawPayload).toString()).toBe(expected)

      const second = await dashboard(alice, headers)
      expect(builds).toHaveBeenCalledTimes(1)
      expect(pages).toHaveBeenCalledTimes(6) // the first request's pages only
      expect(second.statusCode).toBe(200)
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
      expect(decompress(second.rawPayload).toString()).toBe(expected)
      expect(second.headers).toMatchObject({
        'content-encoding': encoding,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(first.rawPayload.length),
        etag: first.headers.etag,
        'cache-control': 'private, no-cache',
        vary: 'accept-encoding',
      })
      // The kept answer's ETag still answers an unchanged refresh with 304.
      expect((await dashboard(alice, { ...headers, 'if-none-match': first.headers.etag as string })).statusCode).toBe(304)
    }
  })

  it('builds the plain answer every time (it is never kept) and marks it as varying with Accept-Encoding', async () => {
    const builds = watchBuilds()
    const expected = await plainAnswer(alice)
    const plainAsks: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { ...BR, 'x-no-compression': '1' }]
    for (const headers of plainAsks) {
      const plain = await dashboard(alice, headers)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers.vary).toBe('accept-encoding')
      expect(plain.body).toBe(expected)
    }
    expect(builds).toHaveBeenCalledTimes(3)
  })

  it('builds the new list after a status move and after a new job, and shows the change', async () => {
    const before = await dashboard(alice, BR)
    const builds = watchBuilds()

    const ops = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/ops${url}`, headers: opsHeaders(t), payload })
    expect((await ops(`/jobs/${aliceIds[0]}/status`, { status: 'Failed', reason: 'The audio is silent' })).statusCode).toBe(200)
    const moved = await dashboard(alice, BR)
    expect(builds).toHaveBeenCalledTimes(1)
    expect(moved.headers.etag).not.toBe(before.headers.etag)
    const movedList = JSON.parse(brotliDecompressSync(moved.rawPayload).toString()) as ListedJob[]
    expect(movedList.find((job) => job.job_id === aliceIds[0])!.job_status).toEqual({ status: 'Failed' })
    expect(brotliDecompressSync(moved.rawPayload).toString()).toBe(await plainAnswer(alice))

    const [added] = await createDemoJobsFor(t, 'alice.cache@example.com', 1)
    const grown = await dashboard(alice, BR)
    expect(builds).toHaveBeenCalledTimes(2)
    const grownList = JSON.parse(brotliDecompressSync(grown.rawPayload).toString()) as ListedJob[]
    expect(grownList).toHaveLength(aliceIds.length + 1)
    expect(grownList[0]!.job_id).toBe(added)
  })

  it('never gives another clerk, another range or another encoding the kept answer', async () => {
    const kept = await dashboard(alice, BR)
    expect((await dashboard(alice, BR)).rawPayload.equals(kept.rawPayload)).toBe(true)
    const builds = watchBuilds()

    const bobs = await dashboard(bob, BR)
    expect(builds).toHaveBeenCalledTimes(1)
    const bobList = JSON.parse(brotliDecompressSync(bobs.rawPayload).toString()) as ListedJob[]
    expect(bobList.map((job) => job.job_id).sort()).toEqual([...bobIds].sort())

    // The same jobs by another range: another ETag, built for it.
    const wider = { start: range.start, end: range.end + 1 }
    const otherRange = await dashboard(alice, BR, wider)
    expect(builds).toHaveBeenCalledTimes(2)
    expect(otherRange.headers.etag).not.toBe(kept.headers.etag)
    expect(brotliDecompressSync(otherRange.rawPayload).toString()).toBe(await plainAnswer(alice, wider))

    // Another encoding of the same list: built for it, never the brotli bytes.
    const gzip = await dashboard(alice, GZIP)
    expect(builds).toHaveBeenCalledTimes(3)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompressSync(kept.rawPayload).toString())
  })

  it('keeps nothing when the client has gone before the answer was complete', async () => {
    // A change first, so that no answer is kept for the list this test asks for.
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${aliceIds[1]}/status`, headers: opsHeaders(t), payload: { status: 'Failed', reason: 'The audio is silent' } })).statusCode).toBe(200)
    const jobsNow = (JSON.parse(await plainAnswer(alice)) as unknown[]).length
    // The fifth page's read, if asked, waits until the client has gone. Before it gzip has sent the client
    // the first pages' bytes (brotli at quality 4 holds a few hundred KB before its first bytes, hence gzip),
    // so a copy kept when the stream is destroyed would hold something.
    let releasePages!: () => void
    const pagesHeld = new Promise<void>((resolve) => (releasePages = resolve))
    const readPage = jobsRepository.dashboardPage.bind(jobsRepository)
    const pages = vi.spyOn(jobsRepository, 'dashboardPage').mockImplementation(async (...args) => {
      if (pages.mock.calls.length === 5) await pagesHeld
      return readPage(...args)
    })

    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const request = http.get({ host: '127.0.0.1', port, path: `/api/clerk/dashboard?start=${range.start}&end=${range.end}`, headers: { ...bearer(alice.token), ...GZIP } })
    request.on('error', () => {}) // the destroy below
    const firstBytes = new Promise<void>((resolve) => request.on('response', (response) => response.once('data', () => resolve())))
    await firstBytes
    request.destroy()
    await expect.poll(() => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)))).toBe(0)
    releasePages()
    // Stopped before the end: the held page at most, none after it (the client may go even sooner).
    expect(Math.ceil(jobsNow / DASHBOARD_PAGE_SIZE)).toBeGreaterThan(5)
    expect(pages.mock.calls.length).toBeLessThanOrEqual(5)
    vi.restoreAllMocks()

    const builds = watchBuilds()
    const next = await dashboard(alice, GZIP)
    expect(builds).toHaveBeenCalledTimes(1)
    expect(gunzipSync(next.rawPayload).toString()).toBe(await plainAnswer(alice))
    // That one was complete, so it is kept.
    expect((await dashboard(alice, GZIP)).rawPayload.equals(next.rawPayload)).toBe(true)
    expect(builds).toHaveBeenCalledTimes(1)
  })
})

describe('GET /api/clerk/dashboard: the kept answers stay within their caps', () => {
  /** Per answer and in all; a 6-job list is about 1 KB in brotli, an empty one a few bytes. */
  const ENTRY_BYTES = 2000
  const TOTAL_BYTES = 5000
  let t: TestApp
  let busy: Clerk
  let small: Clerk
  let idle: Clerk
  let dashboard: ReturnType<typeof listFor>['dashboard']

  beforeAll(async () => {
    t = await createTestApp({ listCache: { totalBytes: TOTAL_BYTES, entryBytes: ENTRY_BYTES } })
    ;({ dashboard } = listFor(t))
    busy = await clerkWithCredits(t, 'busy.caps@example.com', 0)
    small = await clerkWithCredits(t, 'small.caps@example.com', 0)
    idle = await clerkWithCredits(t, 'idle.caps@example.com', 0)
    await createDemoJobsFor(t, 'busy.caps@example.com', 40)
    await createDemoJobsFor(t, 'small.caps@example.com', 6)
  })
  afterEach(() => vi.restoreAllMocks())
  afterAll(() => t.app.close())

  it('does not keep an answer over the entry cap, and keeps one under it', async () => {
    const builds = watchBuilds()
    const big = await dashboard(busy, BR)
    expect(big.rawPayload.length).toBeGreaterThan(ENTRY_BYTES)
    expect((await dashboard(busy, BR)).rawPayload.equals(big.rawPayload)).toBe(true)
    expect(builds).toHaveBeenCalledTimes(2)

    const empty = await dashboard(idle, BR)
    expect(brotliDecompressSync(empty.rawPayload).toString()).toBe('[]')
    expect((await dashboard(idle, BR)).rawPayload.equals(empty.rawPayload)).toBe(true)
    expect(builds).toHaveBeenCalledTimes(3)
  })

  it('keeps as many answers as fit in the total, dropping the least recently used', async () => {
    // Ten ranges of the same six jobs: ten ETags, ten answers of the same size.
    const ranges = Array.from({ length: 10 }, (_, k) => ({ start: range.start + k, end: range.end }))
    const sizes = new Set<number>()
    for (const one of ranges) sizes.add((await dashboard(small, BR, one)).rawPayload.length)
    expect(sizes.size).toBe(1)
    const [size] = [...sizes] as [number]
    expect(size).toBeLessThan(TOTAL_BYTES / 2)
    const fit = Math.floor(TOTAL_BYTES / size)

    // Newest first: the last `fit` ranges are kept, the one before them was dropped.
    const builds = watchBuilds()
    for (const one of ranges.slice(-fit).reverse()) await dashboard(small, BR, one)
    expect(builds).not.toHaveBeenCalled()
    await dashboard(small, BR, ranges[ranges.length - fit - 1])
    expect(builds).toHaveBeenCalledTimes(1)
  })
})
