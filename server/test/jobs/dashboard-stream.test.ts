// The full job list is streamed a page of jobs at a time (decisions.md, Performance: a server that
// stays responsive): its bytes are exactly what serialising the whole array through the response
// schema gives (plain and compressed, across several pages, and with no jobs), and a client that goes
// before the answer is complete stops the build: the pages after the one being read are never read.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { brotliDecompressSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DashboardResponse } from '@contract/jobs.ts'
import { buildApp } from '../../src/app.ts'
import { DASHBOARD_PAGE_SIZE } from '../../src/jobs/dashboard-stream.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { bearer, createDemoJobsFor, MailCapture, openTestDatabase, testConfig, type TestApp } from '../support/test-app.ts'
import { clerkWithCredits, type Clerk } from '../create-job/support.ts'

/** More than two pages, so the answer is made of several pages and a client can leave between them. */
const JOB_COUNT = DASHBOARD_PAGE_SIZE * 2 + 50
const range = { start: 0, end: Date.now() + 24 * 3_600_000 }
const dashboardUrl = `/api/clerk/dashboard?start=${range.start}&end=${range.end}`

describe('GET /api/clerk/dashboard streamed a page at a time', () => {
  let t: TestApp
  let busy: Clerk
  let idle: Clerk
  const logLines: { msg?: string; jobsRead?: number; jobsInRange?: number }[] = []

  beforeAll(async () => {
    const database = await openTestDatabase()
    const mail = new MailCapture()
    // The app's own log, kept to read the line that says the build stopped.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()))
        done()
      },
    })
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream }, mailer: mail, scheduledTasks: false })
    t = { app, database, mail }
    busy = await clerkWithCredits(t, 'busy.stream@example.com', 0)
    idle = await clerkWithCredits(t, 'idle.stream@example.com', 0)
    await createDemoJobsFor(t, 'busy.stream@example.com', JOB_COUNT)
  })
  afterEach(() => vi.restoreAllMocks())
  afterAll(() => t.app.close())

  /** What the route answered before it streamed: the whole array through the 200 response schema. */
  async function plainAnswer(userId: string): Promise<string> {
    const plain = Fastify()
    plain.get('/', { schema: { response: { 200: DashboardResponse } } }, () => jobsRepository.dashboard(t.database.db, userId, new Date(range.start), new Date(range.end)))
    const body = (await plain.inject({ method: 'GET', url: '/' })).body
    await plain.close()
    return body
  }

  it('answers byte for byte what serialising the whole list gives, over several pages, plain and in brotli', async () => {
    const expected = await plainAnswer(busy.userId)
    expect(JSON.parse(expected)).toHaveLength(JOB_COUNT)

    const plain = await t.app.inject({ method: 'GET', url: dashboardUrl, headers: bearer(busy.token) })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.body).toBe(expected)

    const compressed = await t.app.inject({ method: 'GET', url: dashboardUrl, headers: { ...bearer(busy.token), 'accept-encoding': 'br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(expected)
  })

  it('answers [] for a clerk with no jobs in the range', async () => {
    const response = await t.app.inject({ method: 'GET', url: dashboardUrl, headers: bearer(idle.token) })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('[]')
    expect(await plainAnswer(idle.userId)).toBe('[]')
  })

  it('stops reading pages once the client has gone', async () => {
    // The second page's read is held until the client has gone and the server has seen its socket close.
    let releaseSecondPage!: () => void
    const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve))
    let secondPageAsked!: () => void
    const secondPageStarted = new Promise<void>((resolve) => (secondPageAsked = resolve))
    const readPage = jobsRepository.dashboardPage.bind(jobsRepository)
    const pages = vi.spyOn(jobsRepository, 'dashboardPage').mockImplementation(async (...args) => {
      if (pages.mock.calls.length === 2) {
        secondPageAsked()
        await secondPageHeld
      }
      return readPage(...args)
    })

    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const request = http.get({ host: '127.0.0.1', port, path: dashboardUrl, headers: bearer(busy.token) })
    request.on('error', () => {}) // the destroy below
    request.on('response', (response) => response.resume()) // taken as it comes, so the server reads on
    await secondPageStarted
    request.destroy()
    await expect.poll(() => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)))).toBe(0)
    releaseSecondPage()

    await expect.poll(() => logLines.find((line) => line.msg === 'job list stopped: the client has gone')).toEqual(
      expect.objectContaining({ jobsRead: DASHBOARD_PAGE_SIZE * 2, jobsInRange: JOB_COUNT }),
    )
    expect(pages).toHaveBeenCalledTimes(2)
  })
})
